import { expectNoAxeViolations } from '../support/axe';
import { expect, tableRows, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/**
 * Connecting Stripe (decision 0022) against the local fake of Stripe's API and install page that
 * global-setup starts: each install is a new account whose six customers each owe two invoices
 * that fell due weeks ago.
 */
test.describe('Stripe', () => {
  test('connects through Stripe’s install page, follows the first sync to 100%, and finds the customers on Home', async ({ page, account }) => {
    test.setTimeout(180_000);
    expect(account.org.id).toBeTruthy();
    await page.goto('/settings?section=integrations');
    await expect(page.getByText(/No Stripe account is connected/)).toBeVisible();

    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    // Stripe's page (the fake) installs at once and sends the browser back to /callback/stripe,
    // which completes the connection and moves on to the sync.
    await expect(page).toHaveURL(/\/settings\?section=integrations$/);
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
    await page.goto('/settings?section=integrations');
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

  test('a cancelled install says why, and offers to connect again or go back; an incomplete link says so', async ({ page, account }) => {
    expect(account.org.id).toBeTruthy();
    await page.goto('/callback/stripe?error=access_denied&error_description=The%20user%20denied%20your%20request');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Stripe was not connected');
    await expect(alert).toContainText('The user denied your request');
    await expect(page.getByRole('button', { name: 'Connect again' })).toBeVisible();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await settle(page, 'The Stripe callback', scheme, width);
        await saveScreenshot(page, `stripe-callback-cancelled-${width}-${scheme}`);
      }
      await expectNoAxeViolations(page, 'The Stripe callback', scheme);
    }
    await page.getByRole('link', { name: 'Go to Settings' }).click();
    await expect(page).toHaveURL(/\/settings\?section=integrations$/);

    // Only part of what Stripe sends: nothing is posted, and the page says what is wrong.
    await page.goto('/callback/stripe?account_id=acct_Partial1');
    await expect(page.getByRole('alert')).toContainText('This link is incomplete');
    await expect(page.getByRole('button', { name: 'Connect again' })).toBeVisible();
  });
});
