import type { Locator } from '@playwright/test';

import { seedDebtor } from '../support/data';
import { createOrganisation, expect, setActiveOrganisation, test } from '../support/fixtures';

const cssWidth = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).width);

test.describe('the app shell', () => {
  test('at 1280px the menu is permanent and 280px wide, with every section', async ({ page, account }) => {
    expect(account.org.name).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/home');
    const nav = page.getByTestId('app-nav');
    await expect(nav).toBeVisible();
    expect(await cssWidth(nav)).toBe('280px');
    expect(Math.round((await nav.boundingBox())?.width ?? 0)).toBe(280);
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeHidden();

    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    // Settings opens its first section, Chasing, at its own path.
    for (const [label, path] of [['Activity', /\/emails\/?/], ['Customers', /\/customers\/?$/], ['Workflows', /\/workflows$/], ['Settings', /\/settings\/chasing$/], ['Home', /\/home$/]] as const) {
      await menu.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
    }
    // The top bar is fixed at the top and 64px tall; content starts below it.
    const bar = await page.getByRole('banner').boundingBox();
    expect(bar?.y).toBe(0);
    expect(bar?.height).toBe(64);
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('at 390px the menu is a drawer opened by the menu button', async ({ page, account }) => {
    expect(account.org.id).toBeTruthy();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    await expect(page.getByTestId('app-nav')).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const nav = page.getByTestId('app-nav');
    await expect(nav).toBeVisible();
    expect(await cssWidth(nav)).toBe('280px');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/customers\/?$/);
    await expect(page.getByTestId('app-nav')).toBeHidden();
  });

  test('switching organisation empties the old one\'s data and lands on /', async ({ page, account }) => {
    await seedDebtor(account.org.id, { name: 'Alpha Only Ltd', currency: 'GBP', overdue: [[70_000, 9]] });
    const second = await createOrganisation(page.request, `Beta Org ${Date.now().toString(36)}`);
    await seedDebtor(second.id, { name: 'Beta Only Ltd', currency: 'GBP', overdue: [[80_000, 9]] });
    // createOrganisation activated the second org; start from the first.
    await setActiveOrganisation(page.request, account.org.id);

    await page.goto('/home');
    const table = page.getByRole('table', { name: 'Top debtors' });
    await expect(table.getByText('Alpha Only Ltd')).toBeVisible();

    let customerCallsAfterSwitch = 0;
    await page.getByRole('button', { name: 'Switch organisation' }).click();
    page.on('request', (req) => {
      if (req.url().includes('/api/customers/')) customerCallsAfterSwitch += 1;
    });
    await page.getByRole('menuitem', { name: second.name }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(table.getByText('Beta Only Ltd')).toBeVisible();
    await expect(page.getByText('Alpha Only Ltd')).toHaveCount(0);
    expect(customerCallsAfterSwitch).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Switch organisation' })).toContainText(second.name);

    // Back in the first organisation its data is fetched again, not served from a stale cache.
    await page.getByRole('button', { name: 'Switch organisation' }).click();
    await page.getByRole('menuitem', { name: account.org.name }).click();
    await expect(table.getByText('Alpha Only Ltd')).toBeVisible();
    await expect(page.getByText('Beta Only Ltd')).toHaveCount(0);
  });

  test('signing out from the account menu returns to sign-in and guards the app again', async ({ page, account }) => {
    expect(account.email).toContain('@');
    await page.goto('/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await page.goto('/customers/');
    await expect(page).toHaveURL(/\/signin\?redirect_url=/);
  });
});
