import { randomUUID } from 'node:crypto';

import type { Locator, Page } from '@playwright/test';
import type { AuditListResponse } from '@receivables/contracts';
import { insertInvoice, refreshCustomerFigures } from '@receivables/server/testing';

import { apiGet } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { e2eDatabase, isoDaysAgo } from '../support/data';
import { signUpWithDemoOrganisation } from '../support/demo-organisation';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll, expectTableFits, PHONE_WIDTH, saveElementScreenshot, saveScreenshot, SCHEMES, setWidth } from '../support/layout';

/** One of the header's figures ("Overdue"…) by its exact label. */
const figure = (header: Locator, label: string) =>
  header.locator('dl > div').filter({ has: header.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** A day as the date field takes it typed: DDMMYYYY. */
const typed = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;

async function typeDay(page: Page, dialog: Locator, label: string, day: string): Promise<void> {
  await dialog.getByRole('group', { name: label }).click();
  await page.keyboard.press('Home');
  await page.keyboard.type(typed(day));
}

/** The invoice row of `number`. */
const invoiceRow = (page: Page, number: string) => page.getByRole('table', { name: 'Invoices' }).locator('tbody tr').filter({ hasText: number });

// Issue 30, the customer page as a desk: an invoice added by hand is owed and chased at once, and
// voided is neither (decision 0042).
test('an invoice added by hand to a demo customer moves its standing; voided from the row menu by keyboard, it no longer counts', async ({ page, consoleGuard }) => {
  test.setTimeout(240_000);
  const { orgId } = await signUpWithDemoOrganisation(page.request);
  // A demo customer that owes nothing overdue and is not paused: adding one late invoice makes it "One missed invoice".
  const { rows } = await e2eDatabase().pool.query<{ id: string; name: string }>(
    'select id, name from customer where org_id = $1 and currency = \'GBP\' and standing = \'in_good_standing\' and amount_overdue = 0 and paused_until is null order by name limit 1',
    [orgId],
  );
  const chosen = rows[0];
  if (!chosen) throw new Error('the demo has no customer in good standing');
  // As a CSV import leaves one: paid, with no payment behind it.
  const imported = `IMP-${randomUUID().slice(0, 6).toUpperCase()}`;
  await insertInvoice(e2eDatabase().db, orgId, chosen.id, {
    number: imported, currency: 'GBP', amountDue: 48_000, amountPaid: 48_000, amountRemaining: 0, status: 'paid', source: 'csv', issuedOn: isoDaysAgo(90), dueDate: isoDaysAgo(60),
  });
  await refreshCustomerFigures(e2eDatabase().db, orgId, { customerIds: [chosen.id] });

  await page.goto(`/customers/${chosen.id}`);
  const header = page.getByRole('region', { name: chosen.name });
  await expect(header.getByText('Good standing', { exact: true })).toBeVisible();
  await expect(figure(header, 'Overdue')).toHaveText('£0.00');
  // The imported invoice says why the Payments card has no payment for it.
  await expect(invoiceRow(page, imported).getByText('Marked paid by an import').filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText(`${imported} was marked paid by an import: £480.00 with no payment recorded here.`);

  // Add an invoice, issued 40 days ago and due 10 days ago: the form's own check first.
  const number = `HAND-${randomUUID().slice(0, 6).toUpperCase()}`;
  await page.getByRole('button', { name: 'Add an invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an invoice' });
  await dialog.getByRole('button', { name: 'Add invoice' }).click();
  await expect(dialog.getByText('Enter the invoice number')).toBeVisible();
  await dialog.getByLabel('Invoice number').fill(imported);
  await dialog.getByLabel('Amount (GBP)').fill('1,234.00');
  await typeDay(page, dialog, 'Issued on', isoDaysAgo(40));
  await typeDay(page, dialog, 'Due on', isoDaysAgo(10));
  await dialog.getByLabel('Payment link').fill('https://pay.example.com/hand');
  // A number already used: the server's reason, on the number (the browser logs the 409 it answered).
  consoleGuard.expectConsoleErrors(/status of 409 \(Conflict\)/);
  await dialog.getByRole('button', { name: 'Add invoice' }).click();
  await expect(dialog.getByText('is already used by another invoice')).toBeVisible();
  await expect(dialog.getByLabel('Invoice number')).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, 'invoices-by-hand-add-1280-light', { fullPage: false });
  await dialog.getByLabel('Invoice number').fill(number);
  await dialog.getByRole('button', { name: 'Add invoice' }).click();
  await expect(dialog).toBeHidden();

  // Owed and late at once: the standing, the figure and the row all say so.
  await expect(header.getByText('One missed invoice', { exact: true })).toBeVisible();
  await expect(figure(header, 'Overdue')).toHaveText('£1,234.00');
  await expect(invoiceRow(page, number).getByText('Overdue', { exact: true }).filter({ visible: true })).toHaveCount(1);

  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      await expectNoSidewaysScroll(page, `the customer page with an invoice added by hand at ${width}px (${scheme})`);
      // Every column, the row's menu included, without the table scrolling on its own.
      await expectTableFits(page.getByRole('table', { name: 'Invoices' }), `the invoices at ${width}px (${scheme})`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `invoices-by-hand-${width}-${scheme}`);
      await saveElementScreenshot(page.getByRole('region', { name: 'Invoices' }), `invoices-by-hand-invoices-${width}-${scheme}`);
      await saveElementScreenshot(page.getByRole('region', { name: 'Payments' }), `invoices-by-hand-payments-${width}-${scheme}`);
      // The row's menu and the void confirmation, on a phone as on a desk.
      await page.getByRole('button', { name: `Invoice actions for ${number}` }).click();
      await expect(page.getByRole('menuitem', { name: 'Void invoice' })).toBeVisible();
      await saveScreenshot(page, `invoices-by-hand-menu-${width}-${scheme}`, { fullPage: false });
      await page.getByRole('menuitem', { name: 'Void invoice' }).click();
      await expect(page.getByRole('dialog', { name: `Void invoice ${number}?` })).toBeVisible();
      await expectNoSidewaysScroll(page, `the void confirmation at ${width}px (${scheme})`);
      await saveScreenshot(page, `invoices-by-hand-void-${width}-${scheme}`, { fullPage: false });
      if (width === 1280) expect(await seriousAxeViolations(page), `the void confirmation (${scheme})`).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setWidth(page, 1280);

  // Void it by keyboard alone: Tab reaches the row's menu button, Enter opens it, arrows choose.
  const menuButton = page.getByRole('button', { name: `Invoice actions for ${number}` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit invoice' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Void invoice' })).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Void invoice ${number}?` });
  await expect(confirm).toContainText(`${chosen.name} will no longer owe the £1,234.00 left on it, and no reminder will chase it`);
  await confirm.getByRole('button', { name: 'Void invoice' }).click();
  await expect(confirm).toBeHidden();

  // No longer owed: back in good standing, nothing overdue, the row says Void.
  await expect(header.getByText('Good standing', { exact: true })).toBeVisible();
  await expect(figure(header, 'Overdue')).toHaveText('£0.00');
  await expect(invoiceRow(page, number).getByText('Void', { exact: true }).filter({ visible: true })).toHaveCount(1);

  // The audit log says who added it, in words.
  const audit = await apiGet<AuditListResponse>(page.request, `/api/audit/?customer_id=${chosen.id}`);
  expect(audit.rows.map((r) => r.description)).toContain(`added invoice “${number}” to ${chosen.name}`);
});
