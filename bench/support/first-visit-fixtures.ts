import { addDays, DEFAULT_TIME_ZONE, organisationToday } from '@receivables/contracts';
import { type Db, insertCustomer, insertInvoices, refreshCustomerFigures, type TestServer } from '@receivables/server/testing';
import type { Browser, BrowserContext } from 'playwright-core';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Sign up through better-auth as the journeys do (e2e/support/fixtures.ts), create an
 * organisation and make it active; the session cookie comes back as a storage state that each
 * cold load's fresh context starts from.
 */
export async function signUpInBrowser(browser: Browser, server: TestServer): Promise<{ orgId: string; state: StorageState }> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    const post = async (path: string, data: object): Promise<unknown> => {
      const res = await context.request.post(path, { data, headers: { origin: server.origin } });
      if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
      return res.json();
    };
    const id = crypto.randomUUID().slice(0, 8);
    const account = { email: `bench-${id}@example.com`, password: `pw-${crypto.randomUUID()}` };
    await post('/api/auth/sign-up/email', { name: 'Bench Person', ...account });
    await post('/api/auth/sign-in/email', account);
    const org = (await post('/api/auth/organization/create', { name: 'Bench Books', slug: `bench-books-${id}` })) as { id: string };
    await post('/api/auth/organization/set-active', { organizationId: org.id });
    return { orgId: org.id, state: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** Eight customers owing in pounds, one open invoice each; answers the five Home ranks, in order. */
export async function seedTopDebtors(db: Db, orgId: string): Promise<string[]> {
  const today = organisationToday(DEFAULT_TIME_ZONE);
  const debtors = Array.from({ length: 8 }, (_, i) => ({ name: `Debtor ${String.fromCharCode(65 + i)} Ltd`, amountDue: 100_000 * (i + 1), daysLate: 10 + 7 * i }));
  for (const debtor of debtors) {
    const customer = await insertCustomer(db, orgId, { name: debtor.name, currency: 'GBP' });
    await insertInvoices(db, orgId, customer.id, [{ amountDue: debtor.amountDue, dueDate: addDays(today, -debtor.daysLate), currency: 'GBP', status: 'open' }]);
  }
  await refreshCustomerFigures(db, orgId);
  return debtors.sort((a, b) => b.amountDue - a.amountDue).slice(0, 5).map((d) => d.name);
}

const STATIC_ROWS = ['Debtor H Ltd', 'Debtor G Ltd', 'Debtor F Ltd', 'Debtor E Ltd', 'Debtor D Ltd']
  .map((name, i) => `<tr><td>${name}</td><td>£${(8000 - 1000 * i).toLocaleString('en-GB')}.00</td><td>1</td><td>${59 - 7 * i}</td><td>Never</td></tr>`)
  .join('');

/** The baseline page: Home's table as plain HTML, no script, no stylesheet to fetch. */
export const STATIC_TOP_DEBTORS_HTML = `<!doctype html>
<html lang="en-GB">
<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Top debtors</title>
<style>body { font: 16px system-ui, sans-serif; margin: 2rem; } td, th { padding: 0.5rem 1rem; text-align: left; }</style></head>
<body>
<h2>Top debtors</h2>
<table aria-label="Top debtors">
<thead><tr><th>Customer</th><th>Amount</th><th># invoices</th><th>Days late</th><th>Last contact</th></tr></thead>
<tbody>${STATIC_ROWS}</tbody>
</table>
</body>
</html>
`;
