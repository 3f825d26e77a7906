import { daysLate, DEFAULT_TIME_ZONE, organisationToday } from '@receivables/contracts';

import { seedDebtor, isoDaysAgo } from '../support/data';
import { expect, tableRows, test } from '../support/fixtures';

test.describe('Home: top debtors', () => {
  test('sign up, create an organisation, land on Home and open a top debtor', async ({ page }) => {
    await page.goto('/signup');
    const id = Date.now().toString(36);
    await page.getByLabel('Name').fill('Fiona Finance');
    await page.getByLabel('Email').fill(`fiona-${id}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Choose an organisation' })).toBeVisible();
    await page.getByLabel('Organisation name').fill(`Harbour Books ${id}`);
    await page.getByRole('button', { name: 'Create organisation' }).click();

    await expect(page).toHaveURL(/\/home$/);
    // A new organisation: a first-visit welcome and how to begin, not an empty table.
    await expect(page.getByText('Welcome, Fiona.')).toBeVisible();
    await expect(page.getByText('Welcome back')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Top debtors' })).toHaveCount(0);

    const orgId = await page.evaluate(async () => {
      const res = await fetch('/api/auth/organization/list', { credentials: 'include' });
      const orgs = (await res.json()) as { id: string; name: string }[];
      return orgs[0]?.id ?? '';
    });
    expect(orgId).not.toBe('');

    const chased = '2026-11-03T10:15:00Z';
    const ids = {
      northwind: await seedDebtor(orgId, { name: 'Northwind Traders', currency: 'GBP', overdue: [[1_000_000, 45], [234_567, 20]], lastChaseAt: chased }),
      kestrel: await seedDebtor(orgId, { name: 'Kestrel Logistics', currency: 'EUR', overdue: [[800_000, 10]] }),
      harbour: await seedDebtor(orgId, { name: 'Harbour Lane Bakery', currency: 'GBP', overdue: [[300_000, 31], [200_050, 5]], lastChaseAt: '2026-10-30T09:00:00Z' }),
      atlas: await seedDebtor(orgId, { name: 'Atlas Freight', currency: 'USD', overdue: [[300_000, 90]], lastChaseAt: chased }),
      small: await seedDebtor(orgId, { name: 'Small Change Cafe', currency: 'GBP', overdue: [[99_999, 2]] }),
      tiny: await seedDebtor(orgId, { name: 'Tiny Tabs Ltd', currency: 'GBP', overdue: [[1_000, 3]] }),
      current: await seedDebtor(orgId, { name: 'Paid Up Partners', currency: 'GBP', overdue: [], notYetDue: [[500_000, 14]] }),
    };

    await page.reload();
    // With customers, the usual Home.
    await expect(page.getByText('Welcome back, Fiona.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
    const table = page.getByRole('table', { name: 'Top debtors' });
    await expect(table).toHaveAttribute('aria-busy', 'false');

    // Days late count from the organisation's today, whatever the browser's zone.
    const late = (daysAgo: number) => String(daysLate(isoDaysAgo(daysAgo), organisationToday(DEFAULT_TIME_ZONE)));
    // Ranked within one currency at a time, the default (GBP) first: never £ against € or $.
    await expect.poll(() => tableRows(page, 'Top debtors')).toEqual([
      ['Northwind Traders', '£12,345.67', '2', late(45), '3 November 2026'],
      ['Harbour Lane Bakery', '£5,000.50', '2', late(31), '30 October 2026'],
      ['Small Change Cafe', '£999.99', '1', late(2), 'Never'],
      ['Tiny Tabs Ltd', '£10.00', '1', late(3), 'Never'],
    ]);
    await expect(page.getByText('Paid Up Partners')).toHaveCount(0);
    // One total per currency, never one sum of them, and how many customers are overdue.
    const totals = page.getByRole('list', { name: 'Total overdue per currency' }).getByRole('listitem');
    await expect(totals).toHaveText(['£18,356.16GBP · 4 customers', '€8,000.00EUR · 1 customer', 'US$3,000.00USD · 1 customer']);
    await expect(page.getByText('customers overdue')).toBeVisible();
    const currency = page.getByRole('group', { name: 'Currency' });
    await currency.getByRole('button', { name: 'EUR' }).click();
    await expect.poll(() => tableRows(page, 'Top debtors')).toEqual([['Kestrel Logistics', '€8,000.00', '1', late(10), 'Never']]);
    await currency.getByRole('button', { name: 'USD' }).click();
    await expect.poll(() => tableRows(page, 'Top debtors')).toEqual([['Atlas Freight', 'US$3,000.00', '1', late(90), '3 November 2026']]);
    await currency.getByRole('button', { name: 'GBP' }).click();

    await expect(page.getByRole('link', { name: 'View all customers' })).toBeVisible();
    await table.getByRole('row', { name: /Harbour Lane Bakery/ }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${ids.harbour}$`));
    await expect(page.getByRole('heading', { name: 'Harbour Lane Bakery' })).toBeVisible();
  });
});
