import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';
import { CUSTOMER_EXPORT_COLUMNS, CUSTOMER_EXPORT_HEADERS } from '@receivables/contracts';

import { seedCustomers } from '../support/data';
import { expect, test } from '../support/fixtures';

const NAMES = ['Alder Joinery', 'Birch Bakery', 'Cedar Consulting', 'Damson Dairy'];
const TAG = 'Key account';

/** The customer table, once it has finished loading. */
async function loadedTable(page: Page) {
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table;
}

const row = (page: Page, name: string) => page.getByRole('table', { name: 'Customers' }).locator('tbody tr', { hasText: name });

test.describe('Customers list: bulk actions and export', () => {
  // The Tags column shows two tags from 1536px.
  test.use({ viewport: { width: 1600, height: 900 } });

  test('tags two customers inline, filters by the tag, pauses and resumes them, and exports just them', async ({ page, account }) => {
    await seedCustomers(account.org.id, NAMES);
    await page.goto('/customers/?sort=name&order=asc');
    let table = await loadedTable(page);
    await expect(table.locator('tbody tr')).toHaveCount(4);

    // Select two and add a tag that does not exist yet.
    await page.getByRole('checkbox', { name: 'Select Alder Joinery' }).check();
    await page.getByRole('checkbox', { name: 'Select Cedar Consulting' }).check();
    const selection = page.getByRole('region', { name: 'Selection' });
    await expect(selection).toContainText('2 selected');
    await selection.getByRole('button', { name: 'Add tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add a tag' });
    await tagDialog.getByRole('combobox', { name: 'Add tag' }).fill(TAG);
    await page.getByRole('option', { name: `Add “${TAG}”` }).click();
    await expect(page.getByText(`Tag “${TAG}” added to 2 customers`)).toBeVisible();
    await expect(tagDialog).toBeHidden();
    await expect(selection).toBeHidden();
    await expect(row(page, 'Alder Joinery')).toContainText(TAG);
    await expect(row(page, 'Cedar Consulting')).toContainText(TAG);
    await expect(row(page, 'Birch Bakery')).not.toContainText(TAG);
    await expect(row(page, 'Damson Dairy')).not.toContainText(TAG);

    // Filter by the new tag: exactly those two, and the URL says so.
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: TAG }).click();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toMatch(/^\["[0-9a-f-]{36}"\]$/);
    await expect(page.getByText(`Tag: ${TAG}`)).toBeVisible();
    await expect(page.getByText('2 customers match')).toBeVisible();
    table = await loadedTable(page);
    await expect(table.locator('tbody tr td:nth-child(2) a')).toHaveText(['Alder Joinery', 'Cedar Consulting']);

    // Pause both indefinitely, then resume them.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await selection.getByRole('button', { name: 'Pause' }).click();
    const pauseDialog = page.getByRole('dialog', { name: 'Pause 2 customers' });
    await pauseDialog.getByRole('radio', { name: 'Indefinitely' }).check();
    await pauseDialog.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('2 customers paused indefinitely')).toBeVisible();
    await expect(row(page, 'Alder Joinery')).toContainText('Paused');
    await expect(row(page, 'Cedar Consulting')).toContainText('Paused');

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await selection.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('2 customers resumed')).toBeVisible();
    await expect(row(page, 'Alder Joinery')).not.toContainText('Paused');
    await expect(row(page, 'Cedar Consulting')).not.toContainText('Paused');

    // Export the filtered, sorted list.
    await loadedTable(page);
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    const downloading = page.waitForEvent('download');
    await exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile(await download.path(), 'utf8');
    expect(file.startsWith('\uFEFF')).toBe(true);
    const lines = file.slice(1).split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(CUSTOMER_EXPORT_COLUMNS.map((column) => CUSTOMER_EXPORT_HEADERS[column]).join(','));
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['Alder Joinery', 'Cedar Consulting']);
    expect(lines[1]).toContain(TAG);
    await expect(exportButton).toBeEnabled();
  });
});
