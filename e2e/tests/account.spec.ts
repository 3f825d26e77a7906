import type { Page } from '@playwright/test';

import { accountMailsTo, type AccountMailRead, linkIn } from '../support/account-mail';
import { expectNoAxeViolations } from '../support/axe';
import { baseUrl, expect, signUpWithOrganisation, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/**
 * Accounts (decision 0026): a forgotten password reset through the email the server really sends
 * (the journeys' SMTP server, support/global-setup.ts), a used link refused, and the person's own
 * name and sessions in Settings → Your account.
 */

/** The account email titled `subject` to `address`, once it has arrived (a sign-up's confirmation comes first). */
async function mailTitled(address: string, subject: string): Promise<AccountMailRead> {
  const find = () => accountMailsTo(address).find((mail) => mail.subject === subject);
  await expect.poll(() => find()?.subject, { message: `"${subject}" to ${address}`, timeout: 15_000 }).toBe(subject);
  const mail = find();
  if (!mail) throw new Error(`no "${subject}" to ${address}`);
  return mail;
}

/** Screenshots at 1280 and 390 wide in light and dark, and axe in each scheme. */
async function captureEveryWay(page: Page, name: string, what: string) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await settle(page, what, scheme, width);
      await saveScreenshot(page, `${name}-${width}-${scheme}`);
    }
    await expectNoAxeViolations(page, what, scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setWidth(page, 1280);
}

test.describe('Accounts', () => {
  test('a forgotten password is reset through the emailed link, which then cannot be used again', async ({ page, browser, consoleGuard }) => {
    test.setTimeout(180_000);
    // The used link's refusal is a 400 the browser reports.
    consoleGuard.expectConsoleErrors(/status of 400/);
    const setup = await browser.newContext();
    const person = await signUpWithOrganisation(setup.request, 'Reset Ltd');
    await setup.close();

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await captureEveryWay(page, 'forgot-password', 'Forgot password');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${person.email}, we have sent it a link`);
    await captureEveryWay(page, 'forgot-password-sent', 'Reset link sent');

    const mail = await mailTitled(person.email, 'Reset your Receivables password');
    expect(mail.headers.get('from')).toContain('accounts@receivables.example');
    const link = linkIn(mail, '/reset-password');
    await page.goto(link.href);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await captureEveryWay(page, 'reset-password', 'Reset password');
    const newPassword = `new-${person.password}`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page.getByRole('status')).toContainText('Your password has been changed. Sign in with the new one.');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The same link again: refused, with a way to ask for another.
    await page.goto(link.href);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await page.getByLabel('Repeat the new password').fill('yet-another-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link can no longer be used');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await captureEveryWay(page, 'reset-password-used', 'Reset password, link used');
  });

  test('Settings → Your account: the name is changed and the sessions listed', async ({ page, account, browser }) => {
    test.setTimeout(180_000);
    // A second browser signed in to the same account.
    const laptop = await browser.newContext({ baseURL: baseUrl() });
    const signedIn = await laptop.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { Origin: baseUrl() },
    });
    expect(signedIn.ok()).toBe(true);

    await page.goto('/home');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: /Your account/ }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toContainText('Chrome on Linux');

    const nameCard = page.getByRole('region', { name: 'Your name' });
    await nameCard.getByLabel('Name', { exact: true }).fill('Renamed Tester');
    await nameCard.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Your name is saved.')).toBeVisible();
    await page.getByRole('button', { name: /^Account menu, RT/ }).click();
    await expect(page.getByRole('menu')).toContainText('Renamed Tester');
    await page.keyboard.press('Escape');

    await captureEveryWay(page, 'settings-account', 'Settings, your account');

    await sessions.getByRole('button', { name: /^Sign out / }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
    expect((await laptop.request.get('/api/auth/get-session')).status()).toBe(200);
    expect(await (await laptop.request.get('/api/auth/get-session')).json()).toBeNull();
    await laptop.close();
  });

  test('a confirmation link lands on a page that says whether it worked', async ({ page }) => {
    await page.goto('/email-confirmed?kind=verify');
    await expect(page.getByRole('heading', { name: 'Your address is confirmed' })).toBeVisible();
    await captureEveryWay(page, 'email-confirmed', 'Address confirmed');
    await page.goto('/email-confirmed?kind=change&error=TOKEN_EXPIRED');
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await captureEveryWay(page, 'email-confirmed-expired', 'Confirmation link expired');
  });
});
