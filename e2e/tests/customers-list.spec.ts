import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { seedCustomers, seedDebtor, seedTag } from '../support/data';
import { expect, test } from '../support/fixtures';
import { DESKTOP_WIDTHS, expectNoSidewaysScroll, expectTableFits, PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth } from '../support/layout';

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

  test('fits 1280 to 1920 wide without scrolling sideways, cuts long names and emails with a tooltip, and keeps the tags', async ({ page, account }) => {
    test.setTimeout(120_000);
    const longName = 'The Extraordinarily Long-Named Northern Regional Wholesale Fruit and Vegetable Distribution Company Limited';
    const longEmail = 'accounts-payable.department.northern-regional-office@extraordinarily-long-domain.example.co.uk';
    await seedEight(account.org.id);
    const longId = await seedDebtor(account.org.id, { name: longName, currency: 'GBP', overdue: [[5_000_000, 60], [1_000, 3]], email: longEmail });
    await seedTag(account.org.id, 'Key account', [longId]);
    await seedTag(account.org.id, 'Disputed', [longId]);
    await seedTag(account.org.id, 'Slow payer', [longId]);

    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [...DESKTOP_WIDTHS, PHONE_WIDTH]) {
        await setWidth(page, width);
        await page.goto('/customers/?sort=name&order=desc');
        const table = page.getByRole('table', { name: 'Customers' });
        await expect(table).toHaveAttribute('aria-busy', 'false');
        await expectNoSidewaysScroll(page, `the list at ${width}px`);
        if (width !== PHONE_WIDTH) {
          // The table fits its card too: no scrollbar of its own on a desktop screen.
          await expectTableFits(table, `the table at ${width}px`);
          await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
          const longRow = table.getByRole('row', { name: new RegExp(longName.slice(0, 20)) });
          // Tags in name order: one and "+2" at 1280, two and "+1" from 1536.
          await expect(longRow.getByText('Disputed')).toBeVisible();
          await expect(longRow.getByText(width < 1536 ? '+2' : '+1', { exact: true })).toBeVisible();
        }
        await saveScreenshot(page, `customers-list-${width}-${scheme}`);
      }
    }

    // At 1280 the long name and email are cut with an ellipsis; hovering shows each in full.
    await setWidth(page, 1280);
    await page.goto('/customers/?sort=name&order=desc');
    const link = page.getByRole('link', { name: longName });
    const email = page.getByText(longEmail);
    for (const cut of [link, email]) {
      await expect(cut).toHaveCSS('text-overflow', 'ellipsis');
      expect(await cut.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    }
    await link.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: longName })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await email.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: longEmail })).toBeVisible();
    // A name that fits gets no tooltip repeating it.
    await page.getByRole('link', { name: 'Tiny Tabs Ltd' }).hover();
    await page.waitForTimeout(500);
    await expect(page.getByRole('tooltip').filter({ hasText: 'Tiny Tabs Ltd' })).toHaveCount(0);
  });

  test('is one tab stop per row: Tab moves row by row, Space selects, Enter opens', async ({ page, account }) => {
    await seedCustomers(account.org.id, ['Alpha Accounts', 'Beta Books', 'Gamma Goods']);
    await page.goto('/customers/?sort=name&order=asc');
    await expect.poll(() => names(page)).toEqual(['Alpha Accounts', 'Beta Books', 'Gamma Goods']);
    const table = page.getByRole('table', { name: 'Customers' });
    const rows = table.locator('tbody tr');

    await rows.nth(0).focus();
    await page.keyboard.press('Tab');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(rows.nth(2)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(rows.nth(1)).toBeFocused();

    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Select Beta Books' })).toBeChecked();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Select Beta Books' })).not.toBeChecked();

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Beta Books' })).toBeVisible();
  });

  test('a failed load ends in the error panel with a retry that works, never "0–0 of 0"', async ({ page, account, consoleGuard }) => {
    test.setTimeout(90_000);
    consoleGuard.expectConsoleErrors(/status of 500/);
    await seedCustomers(account.org.id, ['Resilient Retail']);
    let failing = true;
    let failures = 0;
    await page.route(
      (url) => url.pathname === '/api/customers/',
      (route) => {
        if (!failing) return route.fallback();
        failures++;
        return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } } });
      },
    );
    await page.goto('/customers/');
    // The app retries a failed read three times (1 s, 2 s, 4 s) before it gives up.
    const panel = page.getByRole('alert').filter({ hasText: 'Failed to load customers' });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    expect(failures).toBeGreaterThanOrEqual(4);
    await expect(page.getByText(/0–0 of 0/)).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Customers' })).toHaveCount(0);

    failing = false;
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => names(page)).toEqual(['Resilient Retail']);
    await expect(panel).toBeHidden();
    await expect(page.getByText('1–1 of 1')).toBeVisible();
  });

  test('puts the focus in the bulk "Add tag" field as its dialog opens', async ({ page, account }) => {
    await seedCustomers(account.org.id, ['Focus Foods', 'Focus Fabrics']);
    await page.goto('/customers/?sort=name&order=asc');
    await page.getByRole('checkbox', { name: 'Select Focus Foods' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag' });
    await expect(dialog.getByRole('combobox', { name: 'Add tag' })).toBeFocused();
    // Typing goes straight into it.
    await page.keyboard.type('Priority');
    await expect(dialog.getByRole('combobox', { name: 'Add tag' })).toHaveValue('Priority');
  });

  test('exports the selection when rows are selected, and the whole filtered list otherwise', async ({ page, account }) => {
    await seedEight(account.org.id);
    await page.goto('/customers/?sort=name&order=asc');
    await expect.poll(() => names(page)).toEqual(BY_NAME);
    await page.getByRole('checkbox', { name: 'Select Northwind Traders' }).check();
    await page.getByRole('checkbox', { name: 'Select Atlas Freight' }).check();

    const exportCsv = async (buttonName: string) => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: buttonName }).click();
      const file = await readFile(await (await downloading).path(), 'utf8');
      return file.slice(1).split('\r\n').filter((line) => line !== '').map((line) => line.split(','));
    };
    const selected = await exportCsv('Export selected (2)');
    expect(selected[0]?.slice(0, 3)).toEqual(['Name', 'Standing', 'Amount overdue']);
    // In the list's order, standings in the screen's words.
    expect(selected.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['Atlas Freight', 'One missed invoice'],
      ['Northwind Traders', 'Several missed'],
    ]);

    await page.getByRole('button', { name: 'Clear selection' }).click();
    const all = await exportCsv('Export CSV');
    expect(all.slice(1).map((row) => row[0])).toEqual(BY_NAME);
  });
});

