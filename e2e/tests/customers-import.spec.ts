import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { Page } from '@playwright/test';

import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const fixture = fileURLToPath(new URL('../../fixtures/csv/xero-style-invoices.csv', import.meta.url));
const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Xero's sample export with one impossible due date slipped in as spreadsheet row 3. */
async function xeroExportWithABadRow(): Promise<Buffer> {
  const lines = (await readFile(fixture, 'utf8')).split('\r\n');
  const bad = 'Gamma Garden Centre,accounts@gammagarden.co.uk,INV-2001,,01/02/2026,31/02/2026,120.00,0.00,120.00,GBP,AUTHORISED';
  lines.splice(2, 0, bad);
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/**
 * The current step at 1280 and 390 wide, light and dark, for a person to look at; with `axe`, axe
 * on it at 1280 in each scheme (docs/decisions/0016-accessibility-checks.md).
 */
async function screenshots(page: Page, name: string, { axe = false } = {}): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // MUI marks the scheme it renders with a class on <html>: the picture and axe are of that scheme.
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${outDir}${name}-${width}-${scheme}.png`, fullPage: true });
      if (axe && width === 1280) await expectNoAxeViolations(page, name, scheme);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function upload(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await expect(page.getByRole('form', { name: 'Column mapping' })).toBeVisible();
}

test.describe('Customers: CSV import', () => {
  test('imports an export with a bad row, shows progress, the imported customers and the rejected row with its reason', async ({ page, account: _account }) => {
    test.setTimeout(120_000);
    await page.goto('/customers/');
    await page.getByRole('link', { name: 'Import from CSV' }).click();
    await expect(page).toHaveURL(/\/customers\/import$/);
    await expect(page.getByRole('heading', { name: 'Import from CSV' })).toBeVisible();
    await expect(page.getByText('No imports yet')).toBeVisible();

    const file = await xeroExportWithABadRow();
    await upload(page, 'xero-export.csv', file);
    await expect(page).toHaveURL(/import_id=[0-9a-f-]{36}/);

    // The mapping is suggested from Xero's header names, and the preview reads rows as the import will.
    const mapping = page.getByRole('form', { name: 'Column mapping' });
    await expect(mapping.getByRole('combobox', { name: /^Customer name/ })).toHaveText('*ContactName');
    await expect(mapping.getByRole('combobox', { name: /^Amount outstanding/ })).toHaveText('AmountDue');
    const preview = page.getByRole('table', { name: 'Preview' });
    await expect(preview).toContainText('Harbour Lane Bakery');
    await expect(preview).toContainText('Due date: “31/02/2026” is not a date (read day first)');
    // The button counts what will be imported, read over the whole file: not the refused row.
    await expect(mapping.getByRole('button', { name: 'Import 53 rows' })).toBeEnabled();
    await expect(mapping.getByText('1 row of 54 will not be imported')).toBeVisible();
    await screenshots(page, 'import-mapping');

    await mapping.getByRole('button', { name: 'Import 53 rows' }).click();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await expect(progress).toBeVisible();
    // It counts rows as they go; a fast machine may finish between two polls, and then it says so.
    const finished = page.getByRole('heading', { name: 'Import finished' });
    await expect(async () => {
      const counted = (await progress.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null)) ?? '';
      expect(/^\d+$/.test(counted) || (await finished.isVisible())).toBe(true);
    }).toPass({ timeout: 30_000 });

    await expect(finished).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Imported 53 rows from xero-export.csv')).toBeVisible();
    const rejected = page.getByRole('table', { name: 'Rejected rows' });
    await expect(rejected.locator('tbody tr')).toHaveCount(1);
    await expect(rejected.locator('tbody tr').first()).toContainText('3');
    await expect(rejected.locator('tbody tr').first()).toContainText('Due date: “31/02/2026” is not a date (read day first)');
    await expect(rejected.locator('tbody tr').first()).toContainText('Gamma Garden Centre');
    // The column the reason names is shown, with the cell at fault, beyond the leading three.
    await expect(rejected.getByRole('columnheader')).toHaveText(['Row', 'Reason', '*ContactName', 'EmailAddress', '*InvoiceNumber', '*DueDate']);
    await expect(rejected.locator('tbody tr').first().getByRole('cell').last()).toHaveText('31/02/2026');
    // The result is checked by axe here, where a real import has finished (tour.spec.ts checks the steps before it).
    await screenshots(page, 'import-result', { axe: true });

    // The rejected rows download as the file's own columns plus Row and Reason, ready to fix.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download rejected rows' }).click();
    const download = await downloading;
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('*ContactName,EmailAddress,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,AmountPaid,AmountDue,Currency,Status,Row,Reason');
    expect(lines[1]).toContain('Gamma Garden Centre');
    expect(lines[1]).toContain(',3,');
    expect(lines[1]).toContain('is not a date');

    // The imported customers are in the list; the rejected row's customer is not.
    await page.getByRole('link', { name: 'View customers' }).click();
    await expect(page).toHaveURL(/\/customers\/?(\?.*)?$/);
    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('tbody tr')).toHaveCount(20);
    await expect(table).toContainText('Harbour Lane Bakery');
    await expect(table).toContainText('Blue Door Café');
    await expect(table).not.toContainText('Gamma Garden Centre');
    await table.getByRole('link', { name: 'Harbour Lane Bakery' }).click();
    await expect(page.getByRole('heading', { name: 'Harbour Lane Bakery' })).toBeVisible();
    await expect(page.getByText('accounts@harbourlanebak.co.uk').first()).toBeVisible();
    await expect(page.getByText('INV-1001').first()).toBeVisible();

    // Importing the same file again changes nothing, and the import is in the history.
    await page.goto('/customers/import');
    const recent = page.getByRole('table', { name: 'Recent imports' });
    await expect(recent).toContainText('xero-export.csv');
    await upload(page, 'xero-export.csv', file);
    await page.getByRole('form', { name: 'Column mapping' }).getByRole('button', { name: 'Import 53 rows' }).click();
    await expect(page.getByText('Nothing changed: every invoice was already up to date')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('Customers: CSV import, before it starts', () => {
  test('an upload that was never started can be discarded', async ({ page, account: _account, consoleGuard }) => {
    const failedRequests: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failedRequests.push(`${res.status()} ${res.url()}`);
    });
    await page.goto('/customers/import');
    await upload(page, 'never-mind.csv', await xeroExportWithABadRow());
    const importId = new URL(page.url()).searchParams.get('import_id');
    expect(importId).toMatch(/^[0-9a-f-]{36}$/);

    // Asked first; keeping it changes nothing.
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this import?' });
    await expect(dialog).toContainText('never-mind.csv and its rows will be deleted');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByRole('form', { name: 'Column mapping' })).toBeVisible();

    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByRole('dialog', { name: 'Discard this import?' }).getByRole('button', { name: 'Discard import' }).click();
    await expect(page).toHaveURL(/\/customers\/import$/);
    await expect(page.getByText('never-mind.csv discarded')).toBeVisible();
    await expect(page.getByText('No imports yet')).toBeVisible();
    expect(failedRequests, 'nothing asks for the discarded import meanwhile').toEqual([]);
    // It is gone for good: its address now finds nothing (the browser logs that 404).
    consoleGuard.expectConsoleErrors(/404 \(Not Found\)/);
    await page.goto(`/customers/import?import_id=${importId ?? ''}`);
    await expect(page.getByText('Import not found')).toBeVisible();
  });

  test('at 390px the preview scrolls inside its own box, not the page', async ({ page, account: _account }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/customers/import');
    await upload(page, 'phone.csv', await xeroExportWithABadRow());
    const box = page.getByRole('region', { name: 'Preview, scrolls sideways' });
    await expect(box.getByRole('table', { name: 'Preview' })).toContainText('Harbour Lane Bakery');

    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right }));
    expect(sizes.scroll, 'the preview is wider than its box').toBeGreaterThan(sizes.client);
    expect(sizes.right).toBeLessThanOrEqual(390);

    // The box scrolls, by keyboard too, and brings the last column into view.
    const status = box.getByRole('columnheader', { name: 'Status' });
    await expect(status).not.toBeInViewport();
    await box.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft), 'arrow keys scroll the focused box').toBeGreaterThan(0);
    await box.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
    await expect(status).toBeInViewport();
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});
