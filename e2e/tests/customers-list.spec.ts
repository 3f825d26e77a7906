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

/** The eight in name order, as the list sorts them by name and the export writes them. */
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
  test('fits 1280 to 1920 wide without scrolling sideways, cuts long names and emails with a tooltip, and keeps the tags', async ({ page, account }) => {
    test.setTimeout(120_000);
    const longName = 'The Extraordinarily Long-Named Northern Regional Wholesale Fruit and Vegetable Distribution Company Limited';
    const longEmail = 'accounts-payable.department.northern-regional-office@extraordinarily-long-domain.example.co.uk';
    await seedEight(account.org.id);
    const longId = await seedDebtor(account.org.id, { name: longName, currency: 'GBP', overdue: [[5_000_000, 60], [1_000, 3]], email: longEmail });
    await seedTag(account.org.id, 'Key account', [longId]);
    await seedTag(account.org.id, 'Disputed', [longId]);
    await seedTag(account.org.id, 'Slow payer', [longId]);

    // Loaded once: the layout follows the window's width and the scheme as they change.
    await page.goto('/customers/?sort=name&order=desc');
    const table = page.getByRole('table', { name: 'Customers' });
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      for (const width of [...DESKTOP_WIDTHS, PHONE_WIDTH]) {
        await setWidth(page, width);
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

  // Issue 29 (6), decision 0013: a GBP organisation's list opens on its largest £ debt, though its
  // euro and dollar debts are bigger numbers; each other currency follows, headed, in code order.
  test('a GBP organisation with EUR and USD customers opens on the largest £ debt', async ({ page, account }) => {
    test.setTimeout(90_000);
    await seedDebtor(account.org.id, { name: 'Dollar Giant Inc', currency: 'USD', overdue: [[2_406_300, 40]] });
    await seedDebtor(account.org.id, { name: 'Euro Giant GmbH', currency: 'EUR', overdue: [[1_128_200, 30]] });
    await seedDebtor(account.org.id, { name: 'Pound Largest Ltd', currency: 'GBP', overdue: [[500_000, 20]] });
    await seedDebtor(account.org.id, { name: 'Pound Smaller Ltd', currency: 'GBP', overdue: [[120_000, 10]] });
    await seedDebtor(account.org.id, { name: 'Euro Small SARL', currency: 'EUR', overdue: [[90_000, 5]] });

    await page.goto('/customers/');
    await expect.poll(() => names(page)).toEqual(['Pound Largest Ltd', 'Pound Smaller Ltd', 'Euro Giant GmbH', 'Euro Small SARL', 'Dollar Giant Inc']);
    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table.getByRole('rowheader')).toHaveText(['British Pound (GBP) · organisation’s currency', 'Euro (EUR)', 'US Dollar (USD)']);
    await expect(page.getByRole('button', { name: 'Currencies: GBP first, then EUR, USD' })).toBeVisible();

    // Smallest first keeps the pounds first too; a link to the list keeps its URL format (decision 0007).
    await page.goto('/customers/?sort=amount_overdue&order=asc');
    await expect.poll(() => names(page)).toEqual(['Pound Smaller Ltd', 'Pound Largest Ltd', 'Euro Small SARL', 'Euro Giant GmbH', 'Dollar Giant Inc']);

    await page.goto('/customers/');
    await expect.poll(() => names(page)).toHaveLength(5);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await expect(table).toHaveAttribute('aria-busy', 'false');
        await expectNoSidewaysScroll(page, `the list by amount at ${width}px`);
        await saveScreenshot(page, `customers-list-by-currency-${width}-${scheme}`);
      }
    }
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

