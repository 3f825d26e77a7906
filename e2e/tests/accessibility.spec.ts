import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { Locator, Page } from '@playwright/test';

import { seriousAxeViolations } from '../support/axe';
import { seedDebtor, seedPaidInvoice, seedPlannedEmail } from '../support/data';
import { baseUrl, expect, test } from '../support/fixtures';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';
import { starterPlan } from '../support/starter-plan';

/**
 * axe on every screen, in light and in dark (docs/decisions/0016-accessibility-checks.md): any
 * serious or critical violation fails, listing each rule, element and what is wrong.
 */
const xero = fileURLToPath(new URL('../../fixtures/csv/xero-style-invoices.csv', import.meta.url));
const schemes = ['light', 'dark'] as const;

type Findings = Record<string, string[]>;

/** Wait until the screen has finished loading, check the scheme really applies, then run axe. */
async function check(page: Page, findings: Findings, screen: string, scheme: string, ready?: Locator): Promise<void> {
  // A page is ready when its heading shows; a dialog hides the page from the accessibility tree.
  await expect(ready ?? page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"], [role="progressbar"]')).toHaveCount(0);
  // MUI marks the scheme it renders with a class on <html>; without it this would test light twice.
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
  const violations = await seriousAxeViolations(page);
  if (violations.length > 0) findings[`${screen} (${scheme})`] = violations;
}

function report(findings: Findings): string {
  return Object.entries(findings)
    .map(([screen, lines]) => `${screen}:\n  ${lines.join('\n  ')}`)
    .join('\n');
}

for (const scheme of schemes) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test('signed-out screens have no serious axe violations', async ({ page }) => {
      const findings: Findings = {};
      for (const [screen, path] of [
        ['sign-in', '/signin'],
        ['sign-up', '/signup'],
        ['cookie notice', '/cookie-notice'],
        ['privacy notice', '/privacy-notice'],
        ['terms', '/terms-and-conditions'],
        ['not found', '/no-such-page'],
      ] as const) {
        await page.goto(path);
        await check(page, findings, screen, scheme);
      }
      expect(Object.keys(findings), report(findings)).toEqual([]);
    });

    test('choosing an organisation has no serious axe violations', async ({ page }) => {
      const id = randomUUID().slice(0, 8);
      const res = await page.request.post('/api/auth/sign-up/email', {
        data: { name: `No Org ${id}`, email: `no-org-${id}@example.com`, password: `pw-${randomUUID()}` },
        headers: { Origin: baseUrl() },
      });
      expect(res.ok()).toBe(true);
      const findings: Findings = {};
      await page.goto('/org-select');
      await expect(page.getByRole('heading', { name: 'Choose an organisation' })).toBeVisible();
      await check(page, findings, 'org select', scheme);
      expect(Object.keys(findings), report(findings)).toEqual([]);
    });

    test('signed-in screens have no serious axe violations', async ({ page, account, consoleGuard }) => {
      // axe takes seconds per screen on a busy two-core machine.
      test.setTimeout(240_000);
      // axe looks into the email's frame, which refuses scripts (sandboxed-frames.ts).
      consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
      const findings: Findings = {};
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
      await check(page, findings, 'first-visit home', scheme);
      await page.getByRole('button', { name: 'Add a customer' }).click();
      await check(page, findings, 'add a customer dialog', scheme, page.getByRole('dialog', { name: 'Add a customer' }));
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const customerId = await seedDebtor(account.org.id, { name: 'Axe Audit Ltd', currency: 'GBP', overdue: [[1_234_500, 40], [50_000, 12]], lastChaseAt: '2026-11-10T09:00:00Z' });
      await seedDebtor(account.org.id, { name: 'Contrast Check Co', currency: 'EUR', overdue: [[640_000, 18]] });
      await seedPaidInvoice(account.org.id, customerId, { number: 'INV-AXE-1', currency: 'GBP', amountDue: 20_000, paid: 5_000, dueDaysAgo: 20, paidDaysAgo: 3 });
      const eventId = await seedPlannedEmail(account.org.id, customerId, { ...(await starterPlan(page.request)), inHours: 30, subject: 'A friendly reminder', to: 'ap@axe.example' });
      for (const [screen, path] of [
        ['home', '/home'],
        ['customers', '/customers/'],
        ['customer', `/customers/${customerId}`],
        ['import', '/customers/import'],
        ['activity', '/emails/'],
        ['activity of one customer', `/emails/?customer_id=${customerId}&tab=all`],
        ['email', `/emails/${eventId}`],
        ['workflows', '/workflows'],
        ['settings', '/settings'],
        ['email settings', '/settings?section=email'],
        ['privacy notice, signed in', '/privacy-notice'],
        ['not found, signed in', '/no-such-page'],
      ] as const) {
        await page.goto(path);
        await check(page, findings, screen, scheme);
      }

      // Choosing a workflow: for one customer from its Chasing card (the open list too), and for a selection.
      await page.goto(`/customers/${customerId}`);
      await page.getByRole('button', { name: 'Change workflow' }).click();
      const change = page.getByRole('dialog', { name: 'Change workflow' });
      await check(page, findings, 'change workflow dialog', scheme, change);
      await change.getByRole('combobox', { name: 'Workflow' }).click();
      await check(page, findings, 'change workflow dialog, list open', scheme, page.getByRole('listbox', { name: 'Workflow' }));
      await page.keyboard.press('Escape');
      await change.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.goto('/customers/');
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Assign workflow' }).click();
      const assign = page.getByRole('dialog', { name: 'Assign a workflow to 2 customers' });
      await check(page, findings, 'assign workflow dialog', scheme, assign);
      await assign.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(Object.keys(findings), report(findings)).toEqual([]);
    });

    // Its own test, so a slow machine's axe runs over the screens above do not eat its time.
    test('the import flow has no serious axe violations', async ({ page, account: _account }) => {
      test.setTimeout(180_000);
      const findings: Findings = {};
      // The import's mapping step (with a refused row in its preview) and its result.
      const csv = (await readFile(xero, 'utf8')).split('\r\n');
      csv.splice(2, 0, 'Gamma Garden Centre,,INV-2001,,01/02/2026,31/02/2026,120.00,0.00,120.00,GBP,AUTHORISED');
      await page.goto('/customers/import');
      await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'axe.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n')) });
      await expect(page.getByRole('form', { name: 'Column mapping' })).toBeVisible();
      await check(page, findings, 'import mapping', scheme);
      // On a phone the preview scrolls in its own box, which must be reachable by keyboard.
      await page.setViewportSize({ width: 390, height: 844 });
      await check(page, findings, 'import mapping at 390px', scheme);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Discard', exact: true }).click();
      await check(page, findings, 'discard dialog', scheme, page.getByRole('dialog', { name: 'Discard this import?' }));
      await page.getByRole('button', { name: 'Keep it' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: /^Import \d+ rows$/ }).click();
      await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
      await check(page, findings, 'import result', scheme);

      expect(Object.keys(findings), report(findings)).toEqual([]);
    });
  });
}
