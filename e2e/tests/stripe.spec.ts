import type { Locator, Page } from '@playwright/test';
import type { StripeConnect } from '@receivables/contracts';

import { apiPost } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, tableRows, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/** Press Tab until `target` has the focus: it is reached by keyboard alone, in the page's own order. */
async function tabTo(page: Page, target: Locator, what: string, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${what} was not reached in ${limit} presses of Tab`);
}

/**
 * Connecting Stripe (decision 0022) against the local fake of Stripe's API and install page that
 * global-setup starts: each install is a new account whose six customers each owe two invoices
 * that fell due weeks ago.
 */
test.describe('Stripe', () => {
  test('connects through Stripe’s install page, follows the first sync to 100%, and finds the customers on Home', async ({ page, account }) => {
    test.setTimeout(180_000);
    expect(account.org.id).toBeTruthy();
    await page.goto('/settings/integrations');
    await expect(page.getByText(/No Stripe account is connected/)).toBeVisible();

    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    // Stripe's page (the fake) installs at once and sends the browser back to /callback/stripe,
    // which completes the connection and moves on to the sync.
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    await expect(page.getByText(/^Stripe account acct_\w+ connected: its first sync has started$/)).toBeVisible();
    const item = page.getByRole('article', { name: /^Stripe account acct_/ });
    await expect(item.getByText('Test mode')).toBeVisible();
    const bar = item.getByRole('progressbar', { name: /^Sync of acct_/ });
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
    await expect(item.getByText('Up to date')).toBeVisible();
    await expect(item.getByText('6 customers, 12 invoices, 0 payments')).toBeVisible();
    await expect(item.getByText(/Last synced/)).toBeVisible();

    await page.goto('/home');
    await expect.poll(async () => (await tableRows(page, 'Top debtors')).map((row) => row.slice(0, 3))).toEqual([
      ['Stripe Customer 1', '£1,205.00', '2'],
      ['Stripe Customer 2', '£1,005.00', '2'],
      ['Stripe Customer 3', '£805.00', '2'],
      ['Stripe Customer 4', '£605.00', '2'],
      ['Stripe Customer 5', '£405.00', '2'],
    ]);

    // The connected account, synced, at both widths in both schemes.
    await page.goto('/settings/integrations');
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await expect(page.getByRole('progressbar', { name: /^Sync of acct_/ })).toHaveAttribute('aria-valuenow', '100');
        await settle(page, 'Settings → Integrations', scheme, width);
        await saveScreenshot(page, `settings-integrations-${width}-${scheme}`);
      }
      await expectNoAxeViolations(page, 'Settings → Integrations', scheme);
    }

    // The last customer pays by card, and Stripe is still retrying it (decision 0023): its invoices
    // say when Stripe tries next, and its next reminder waits for that.
    await page.goto('/customers');
    await page.getByRole('link', { name: 'Stripe Customer 6' }).click();
    await expect(page.getByRole('heading', { name: 'Stripe Customer 6', level: 1 })).toBeVisible();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await expect(invoices.getByText(/^Stripe retries the card .+; reminders wait$/).first()).toBeVisible();
    await expect(page.getByText(/^Later than its day: waiting while Stripe retries the card/)).toBeVisible();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await settle(page, 'A customer Stripe is retrying', scheme, width);
        await saveScreenshot(page, `customer-stripe-retrying-${width}-${scheme}`);
      }
      await expectNoAxeViolations(page, 'A customer Stripe is retrying', scheme);
    }
  });

  test('Connect Stripe, Sync now and Disconnect are reached and worked by keyboard alone', async ({ page, account }) => {
    test.setTimeout(150_000);
    expect(account.org.id).toBeTruthy();
    await page.goto('/settings/integrations');
    await expect(page.getByText(/No Stripe account is connected/)).toBeVisible();
    const connect = page.getByRole('button', { name: 'Connect Stripe' });
    await tabTo(page, connect, 'Connect Stripe');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    const item = page.getByRole('article', { name: /^Stripe account acct_/ });
    const bar = item.getByRole('progressbar', { name: /^Sync of acct_/ });
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });

    const syncNow = item.getByRole('button', { name: 'Sync now' });
    await expect(syncNow).toBeEnabled();
    await tabTo(page, syncNow, 'Sync now');
    const synced = page.waitForResponse((res) => /\/api\/accounts\/[^/]+\/sync$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await synced).status()).toBe(202);
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
    await expect(item.getByText('Up to date')).toBeVisible();

    const disconnect = item.getByRole('button', { name: 'Disconnect' });
    await tabTo(page, disconnect, 'Disconnect');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Disconnect acct_\w+\?$/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Escape changes nothing, and the focus is back where the person was.
    await expect(disconnect).toBeFocused();
    await expect(item.getByText('Connected', { exact: true })).toBeVisible();
  });

  test('a refused install says the server’s reason; an incomplete, mixed or non-boolean link is refused without asking', async ({ page, account, consoleGuard }) => {
    expect(account.org.id).toBeTruthy();
    // The browser reports the refusal's 422 on the console; the page shows it.
    consoleGuard.expectConsoleErrors(/422|Failed to load resource/);
    const { url } = await apiPost<StripeConnect>(page.request, '/api/stripe/connect/', {});
    const state = new URL(url).searchParams.get('state') ?? '';
    const forged = new URLSearchParams({ user_id: 'usr_Forged1', account_id: 'acct_1Forged', state, install_signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, livemode: 'false' });
    await page.goto(`/callback/stripe?${forged.toString()}`);
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('Stripe was not connected');
    await expect(refusal).toContainText('Stripe’s signature on this link does not match the install: it was altered or is not from Stripe.');
    await expect(refusal).not.toContainText('install_signature');
    // Looked at in each scheme and width, with axe, in tour.spec.ts.
    await tabTo(page, page.getByRole('button', { name: 'Connect again' }), 'Connect again');
    await tabTo(page, page.getByRole('link', { name: 'Go to Settings' }), 'Go to Settings');

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/stripe/complete/')) posts.push(request.url());
    });
    for (const search of [
      // Only part of what Stripe sends.
      'account_id=acct_Partial1',
      // An install and a cancellation at once.
      `${forged.toString()}&error=access_denied&error_description=Denied`,
      // A livemode that is neither true nor false.
      forged.toString().replace('livemode=false', 'livemode=bogus'),
    ]) {
      await page.goto(`/callback/stripe?${search}`);
      await expect(page.getByRole('alert')).toContainText('This link is incomplete');
      await expect(page.getByRole('button', { name: 'Connect again' })).toBeVisible();
    }
    expect(posts).toEqual([]);
  });
});
