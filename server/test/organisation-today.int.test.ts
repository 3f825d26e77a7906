import { addDays, type Customer, CUSTOMER_EXPORT_COLUMNS, type OrganisationView, organisationToday } from '@receivables/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { orgSettings } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import { expectError, insertCustomer, type SignedUpUser, withOrg } from './support';

// docs/domain.md, Dates and "today": every rule that needs "today" uses the organisation's, in
// its own time zone. Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart, so at any
// moment Kiritimati's today is one or two days after Pago Pago's: the tests hold whenever they run.
const env = useIntegrationEnv();
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

let ahead: SignedUpUser;
let behind: SignedUpUser;

async function orgIn(timeZone: string, currency = 'GBP'): Promise<SignedUpUser> {
  const user = await env.signUp();
  await withOrg(env.db.db, user.orgId, (tx) =>
    tx.update(orgSettings).set({ timezone: timeZone, defaultCurrency: currency }).where(eq(orgSettings.orgId, user.orgId)),
  );
  return user;
}

beforeAll(async () => {
  ahead = await orgIn(AHEAD, 'EUR');
  behind = await orgIn(BEHIND);
});

describe('the organisation’s today', () => {
  it('GET /api/organisation/ gives the zone and default currency the web counts with, the sending mode, and the caller’s role', async () => {
    const res = await ahead.api<OrganisationView>('GET', '/api/organisation/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ time_zone: AHEAD, default_currency: 'EUR', role: 'owner' });
    const fresh = await env.signUp();
    // A new organisation starts in dry run (decision 0019); every screen's top bar says so (decision 0040).
    const view = { time_zone: 'Europe/London', default_currency: 'GBP', role: 'owner', sending_mode: 'dryrun' };
    expect((await fresh.api<OrganisationView>('GET', '/api/organisation/')).body).toEqual(view);
  });

  it('an invoice due on the western organisation’s today is already overdue in the eastern one', async () => {
    const dueDate = organisationToday(BEHIND);
    const overdueIn = async (org: SignedUpUser) => {
      const c = await insertCustomer(env.db.db, org.orgId, { name: 'Date Line Traders', currency: 'GBP' });
      const created = await org.api('POST', '/api/invoices/', {
        customer_id: c.id, number: 'INV-1', currency: 'GBP', amount_due: 12_000, issued_on: addDays(dueDate, -30), due_date: dueDate,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return (await org.api<Customer>('GET', `/api/customers/${c.id}/`)).body;
    };
    expect(await overdueIn(ahead)).toMatchObject({ standing: 'single_missed', amount_overdue: 12_000, due_date: dueDate });
    expect(await overdueIn(behind)).toMatchObject({ standing: 'in_good_standing', amount_overdue: 0, due_date: null });
  });

  it('a pause must end after the organisation’s today, not the server’s', async () => {
    // The western organisation's tomorrow is the eastern one's today (or yesterday).
    const until = addDays(organisationToday(BEHIND), 1);
    const pause = async (org: SignedUpUser) => {
      const c = await insertCustomer(env.db.db, org.orgId, { name: 'Pausable Ltd' });
      return org.api('POST', `/api/customers/${c.id}/pause`, { until });
    };
    expectError(await pause(ahead), 400, 'VALIDATION_FAILED', 'until');
    expect((await pause(behind)).status).toBe(200);
  });

  it('the CSV export counts days late from the organisation’s today and names the file after it', async () => {
    const dueDate = organisationToday(BEHIND);
    const exported = async (org: SignedUpUser) => {
      await insertCustomer(env.db.db, org.orgId, { name: 'Export Row', amountOverdue: 100, nInvoices: 1, standing: 'single_missed', dueDate });
      const res = await org.api('GET', '/api/customers/export.csv');
      expect(res.status).toBe(200);
      const [, row] = res.text.replace(/^\uFEFF/u, '').split('\r\n').map((line) => line.split(','));
      return { file: res.headers.get('content-disposition'), daysLate: Number(row?.[CUSTOMER_EXPORT_COLUMNS.indexOf('days_late')]) };
    };
    const east = await exported(ahead);
    expect(east.file).toContain(`customers-${organisationToday(AHEAD)}.csv`);
    expect(east.daysLate).toBeGreaterThanOrEqual(1);
    expect(await exported(behind)).toEqual({ file: `attachment; filename="customers-${dueDate}.csv"`, daysLate: 0 });
  });
});
