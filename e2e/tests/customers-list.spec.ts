import type { Page } from '@playwright/test';

import { seedCustomers, seedDebtor } from '../support/data';
import { expect, test } from '../support/fixtures';

/** The customer names in the table, top to bottom, once the table is no longer loading. */
async function names(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Customers' });
  if ((await table.getAttribute('aria-busy')) !== 'false') return ['(loading)'];
  return table.locator('tbody tr td:nth-child(2) a').allTextContents();
}

/** The page's search parameters as written in the address bar. */
function search(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** Eight customers with distinct amounts, currencies and due dates; two owe nothing. */
async function seedEight(orgId: string) {
  await seedDebtor(orgId, { name: 'Northwind Traders', currency: 'GBP', overdue: [[1_000_000, 45], [234_567, 20]] });
  await seedDebtor(orgId, { name: 'Kestrel Logistics', currency: 'EUR', overdue: [[800_000, 10]], email: 'ledger@kestrel.example' });
  await seedDebtor(orgId, { name: 'Harbour Lane Bakery', currency: 'GBP', overdue: [[300_000, 31], [200_050, 5]] });
  await seedDebtor(orgId, { name: 'Atlas Freight', currency: 'USD', overdue: [[300_000, 90]] });
  await seedDebtor(orgId, { name: 'Small Change Cafe', currency: 'GBP', overdue: [[99_999, 2]] });
  await seedDebtor(orgId, { name: 'Tiny Tabs Ltd', currency: 'GBP', overdue: [[1_000, 3]] });
  await seedDebtor(orgId, { name: 'Paid Up Partners', currency: 'GBP', overdue: [], notYetDue: [[500_000, 14]] });
  await seedCustomers(orgId, ['Quiet Quarry']);
}

// Amounts rank within their currency, currencies in code order (decision 0013): EUR, GBP, USD.
const OWE_NOTHING = ['Paid Up Partners', 'Quiet Quarry'];
const GBP_BY_AMOUNT = ['Northwind Traders', 'Harbour Lane Bakery', 'Small Change Cafe', 'Tiny Tabs Ltd'];
/** Biggest first within each currency; the two GBP customers owing nothing tie (by id) at the end of GBP. */
const BY_AMOUNT = ['Kestrel Logistics', ...GBP_BY_AMOUNT, 'OWE_NOTHING', 'OWE_NOTHING', 'Atlas Freight'];
/** The list's names with the two tied customers who owe nothing shown as one placeholder each. */
const tiesAsOne = (list: string[]) => list.map((n) => (OWE_NOTHING.includes(n) ? 'OWE_NOTHING' : n));
const BY_NAME = [
  'Atlas Freight',
  'Harbour Lane Bakery',
  'Kestrel Logistics',
  'Northwind Traders',
  'Paid Up Partners',
  'Quiet Quarry',
  'Small Change Cafe',
  'Tiny Tabs Ltd',
];

test.describe('Customers list', () => {
  test('sorts by amount and by name through the URL, and a reload keeps the order', async ({ page, account }) => {
    await seedEight(account.org.id);
    await page.goto('/customers/');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(page.getByText('8 customers')).toBeVisible();

    // Default: biggest debt first, within each currency.
    await expect.poll(async () => tiesAsOne(await names(page))).toEqual(BY_AMOUNT);
    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table.getByRole('columnheader', { name: 'Amount overdue' })).toHaveAttribute('aria-sort', 'descending');

    await table.getByRole('button', { name: 'Amount overdue' }).click();
    await expect.poll(() => search(page)).toEqual({ order: 'asc' });
    // Ascending: still EUR, GBP, USD, smallest first within each.
    await expect.poll(async () => tiesAsOne(await names(page))).toEqual(['Kestrel Logistics', 'OWE_NOTHING', 'OWE_NOTHING', ...[...GBP_BY_AMOUNT].reverse(), 'Atlas Freight']);

    await table.getByRole('button', { name: 'Name', exact: true }).click();
    await expect.poll(() => search(page)).toEqual({ sort: 'name', order: 'asc' });
    await expect.poll(() => names(page)).toEqual(BY_NAME);
    await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'ascending');

    await page.reload();
    await expect.poll(() => names(page)).toEqual(BY_NAME);
    expect(search(page)).toEqual({ sort: 'name', order: 'asc' });

    await table.getByRole('button', { name: 'Name', exact: true }).click();
    await expect.poll(() => names(page)).toEqual([...BY_NAME].reverse());
    // Descending is the default order, so it is left out of the URL.
    expect(search(page)).toEqual({ sort: 'name' });
    await page.reload();
    await expect.poll(() => names(page)).toEqual([...BY_NAME].reverse());
  });

  test('filters by standing and by a minimum amount, and the back button returns to each state', async ({ page, account }) => {
    await seedEight(account.org.id);
    await page.goto('/customers/?sort=name&order=asc');
    await expect.poll(() => names(page)).toEqual(BY_NAME);

    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'Several missed' }).check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => search(page)).toEqual({ sort: 'name', order: 'asc', standing: '["multiple_missed"]' });
    await expect.poll(() => names(page)).toEqual(['Harbour Lane Bakery', 'Northwind Traders']);
    await expect(page.getByText('Standing: Several missed')).toBeVisible();
    await expect(page.getByText('2 customers match')).toBeVisible();

    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await filters.getByRole('checkbox', { name: 'Several missed' }).uncheck();
    await filters.getByLabel('Min amount').fill('abc');
    await expect(filters.getByText('Numbers only, such as 500 or 1250.50')).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Apply filters' })).toBeDisabled();
    await filters.getByLabel('Min amount').fill('1000');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => search(page)).toEqual({ sort: 'name', order: 'asc', min_amount: '1000', amount_currency: 'GBP' });
    // An amount is in one currency (the default, GBP): €8,000 and $3,000 are not "£1,000 and up".
    await expect.poll(() => names(page)).toEqual(['Harbour Lane Bakery', 'Northwind Traders']);
    await expect(page.getByText('Amount ≥ £1,000')).toBeVisible();
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await filters.getByLabel('Currency', { exact: true }).click();
    await page.getByRole('option', { name: 'EUR' }).click();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => names(page)).toEqual(['Kestrel Logistics']);
    await expect(page.getByText('Amount ≥ €1,000')).toBeVisible();
    await page.goBack();

    await page.goBack();
    await expect.poll(() => search(page)).toEqual({ sort: 'name', order: 'asc', standing: '["multiple_missed"]' });
    await expect.poll(() => names(page)).toEqual(['Harbour Lane Bakery', 'Northwind Traders']);

    await page.goBack();
    await expect.poll(() => names(page)).toEqual(BY_NAME);
    expect(search(page)).toEqual({ sort: 'name', order: 'asc' });

    await page.goForward();
    await expect.poll(() => names(page)).toEqual(['Harbour Lane Bakery', 'Northwind Traders']);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => names(page)).toEqual(BY_NAME);
  });

  test('searches by name and by contact email, and says when nothing matches', async ({ page, account }) => {
    await seedEight(account.org.id);
    await page.goto('/customers/');
    await expect.poll(async () => (await names(page)).length).toBe(8);

    const box = page.getByRole('searchbox', { name: 'Search customers' });
    await box.fill('harb');
    await expect.poll(() => search(page)).toEqual({ q: 'harb' });
    await expect.poll(() => names(page)).toEqual(['Harbour Lane Bakery']);

    await box.fill('kestrel.example');
    await expect.poll(() => names(page)).toEqual(['Kestrel Logistics']);
    expect(search(page)).toEqual({ q: 'kestrel.example' });

    await box.fill('nobody by this name');
    await expect(page.getByText('No customers match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => names(page)).toHaveLength(8);
    await expect(box).toHaveValue('');
    expect(search(page)).toEqual({});

    // The first search of a typing session is a history entry; what followed replaced it.
    await page.goBack();
    await expect(box).toHaveValue('nobody by this name');
    await page.goBack();
    await expect(box).toHaveValue('');
    await expect.poll(() => names(page)).toHaveLength(8);
  });

  test('pages through more than one page of 25', async ({ page, account }) => {
    const all = Array.from({ length: 30 }, (_, i) => `Paging Customer ${String(i + 1).padStart(2, '0')}`);
    await seedCustomers(account.org.id, all);
    await page.goto('/customers/?sort=name&order=asc');
    await expect(page.getByText('30 customers')).toBeVisible();
    await expect.poll(() => names(page)).toEqual(all);

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect.poll(() => search(page)).toEqual({ sort: 'name', order: 'asc', page_size: '25' });
    await expect.poll(() => names(page)).toEqual(all.slice(0, 25));
    await expect(page.getByText('1–25 of 30')).toBeVisible();

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => search(page)).toEqual({ sort: 'name', order: 'asc', page_size: '25', page: '2' });
    await expect.poll(() => names(page)).toEqual(all.slice(25));
    await expect(page.getByText('26–30 of 30')).toBeVisible();

    await page.reload();
    await expect.poll(() => names(page)).toEqual(all.slice(25));
    await page.goBack();
    await expect.poll(() => names(page)).toEqual(all.slice(0, 25));
  });

  test('selects rows and opens a customer with the keyboard', async ({ page, account }) => {
    await seedEight(account.org.id);
    await page.goto('/customers/');
    await expect.poll(async () => tiesAsOne(await names(page))).toEqual(BY_AMOUNT);
    await page.getByRole('checkbox', { name: 'Select Atlas Freight' }).check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('8 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(page.getByText(/selected$/)).toHaveCount(0);

    const row = page.getByRole('table', { name: 'Customers' }).getByRole('row', { name: /Kestrel Logistics/ });
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Kestrel Logistics' })).toBeVisible();
  });
});
