import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from '@playwright/test';

import { holdCustomer, seedCustomers } from '../support/data';
import { expect, test } from '../support/fixtures';

const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const TAG = 'Euro book';
// 30 match the filter (more than a page of 25); 6 do not.
const EUROS = Array.from({ length: 30 }, (_, i) => `Euro Client ${String(i + 1).padStart(2, '0')}`);
const POUNDS = Array.from({ length: 6 }, (_, i) => `Sterling Client ${i + 1}`);

/** The customer table, once it has finished loading. */
async function loadedTable(page: Page) {
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table;
}

const names = async (page: Page) => (await loadedTable(page)).locator('tbody tr td:nth-child(2) a').allTextContents();

/** Open the filter panel, let `change` set it, and apply. */
async function filter(page: Page, change: (form: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const form = page.getByRole('form', { name: 'Filters' });
  await change(form);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(form).toBeHidden();
}

test.describe('Customers list: select all matching', () => {
  // A phone in dark mode: the selection toolbar must wrap, not scroll sideways.
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('tags every customer the filter matches, on every page, and no other, in the background with a progress bar', async ({ page, account }) => {
    const euroIds = await seedCustomers(account.org.id, EUROS, 'EUR');
    await seedCustomers(account.org.id, POUNDS, 'GBP');
    await page.goto('/customers/?sort=name&order=asc&page_size=25');
    await loadedTable(page);

    await filter(page, (form) => form.getByRole('checkbox', { name: 'EUR' }).check());
    await expect(page.getByText('30 customers match')).toBeVisible();
    expect(await names(page)).toEqual(EUROS.slice(0, 25));

    // The offer appears once the whole page is selected; taking it then changing page drops it.
    const selection = page.getByRole('region', { name: 'Selection' });
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(selection).toContainText('25 selected');
    const offer = selection.getByRole('button', { name: 'Select all 30 matching customers' });
    await offer.focus();
    await page.keyboard.press('Enter');
    await expect(selection).toContainText('All 30 matching customers are selected');
    await expect(selection.getByRole('button', { name: 'Clear selection' })).toBeFocused();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(selection).toBeHidden();
    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await loadedTable(page);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await selection.getByRole('button', { name: 'Select all 30 matching customers' }).click();
    await expect(selection).toContainText('All 30 matching customers are selected');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the list scrolls sideways at 390px').toBeLessThanOrEqual(0);
    mkdirSync(outDir, { recursive: true });
    await page.screenshot({ path: `${outDir}customers-select-all-matching-390-dark.png`, fullPage: true });

    await selection.getByRole('button', { name: 'Add tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add a tag' });
    await expect(tagDialog).toContainText('To the 30 selected customers');
    await tagDialog.getByRole('combobox', { name: 'Add tag' }).fill(TAG);
    // Every match is a background job. One of them is held by someone else for now: the job waits
    // there, and the list shows how far it is meanwhile.
    const release = await holdCustomer(euroIds[0] ?? '');
    const job = page.getByRole('region', { name: 'Bulk action' });
    try {
      await page.getByRole('option', { name: `Add “${TAG}”` }).click();
      await expect(selection).toBeHidden();
      await expect(job).toBeFocused();
      await expect(job.getByText(`Added “${TAG}” to 0 of 30 customers…`)).toBeVisible();
      await expect(job.getByRole('progressbar', { name: 'Bulk action progress' })).toHaveAttribute('aria-valuenow', '0');
      // The page stays usable meanwhile.
      await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeEnabled();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, 'the progress bar scrolls sideways at 390px').toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${outDir}customers-bulk-job-progress-390-dark.png`, fullPage: true });
    } finally {
      await release();
    }

    await expect(job.getByText(`Tag “${TAG}” added to 30 customers`)).toBeVisible();
    await expect(job.getByRole('progressbar')).toBeHidden();
    await page.screenshot({ path: `${outDir}customers-bulk-job-done-390-dark.png`, fullPage: true });
    await job.getByRole('button', { name: 'Close' }).click();
    await expect(job).toBeHidden();

    // Only the tag now: exactly the 30 euro customers carry it, the second page's five too.
    await filter(page, async (form) => {
      await form.getByRole('checkbox', { name: 'EUR' }).uncheck();
      await form.getByRole('combobox', { name: 'Tags' }).click();
      await page.getByRole('option', { name: TAG }).click();
    });
    await expect(page.getByText('30 customers match')).toBeVisible();
    expect(await names(page)).toEqual(EUROS.slice(0, 25));
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => names(page)).toEqual(EUROS.slice(25));
  });
});
