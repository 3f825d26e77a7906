import { seedDebtor } from '../support/data';
import { expect, test } from '../support/fixtures';

test.describe('static pages and not-found', () => {
  const pages = [
    ['cookie-notice', /cookie/i],
    ['privacy-notice', /privacy/i],
    ['terms-and-conditions', /terms/i],
  ] as const;
  for (const [name, heading] of pages) {
    test(`/${name} is a real page, open to signed-out visitors`, async ({ page }) => {
      await page.goto(`/${name}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('The page you are looking for does not exist.')).toHaveCount(0);
      const words = (await page.locator('main').innerText()).split(/\s+/).length;
      expect(words).toBeGreaterThan(150);
    });
  }

  test('an unknown static page name shows not-found; Go back and Start Over work', async ({ page }) => {
    await page.goto('/privacy-notice');
    await page.goto('/no-such-page');
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/privacy-notice$/);

    await page.goto('/a/deeper/unknown/path');
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
    await page.getByRole('link', { name: 'Start Over' }).click();
    await expect(page).toHaveURL(/\/(home|signin\?redirect_url=%2Fhome)$/);
  });

  test('the footer links to the terms and the privacy notice', async ({ page }) => {
    await page.goto('/cookie-notice');
    await page.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' }).click();
    await expect(page).toHaveURL(/\/privacy-notice$/);
  });

  test('the privacy notice has one name: footer link, heading, address and the terms agree', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: /privacy/i });
    await expect(footerLink).toHaveText('Privacy Notice');
    await expect(page.getByRole('main')).toContainText('as described in our Privacy Notice');
    await footerLink.click();
    await expect(page).toHaveURL(/\/privacy-notice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Notice');
    await expect(page.getByText(/privacy policy/i)).toHaveCount(0);
  });

  test('the cookie notice states the session cookie’s real lifetime', async ({ page, account }) => {
    expect(account.email).toContain('@');
    // The session cookie the sign-up set: how long the browser will keep it, in whole days.
    const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith('session_token'));
    expect(session, 'a session cookie after signing up').toBeDefined();
    const days = Math.round(((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000);
    expect(days).toBeGreaterThan(0);

    await page.goto('/cookie-notice');
    await expect(page.getByRole('main')).toContainText(`The cookie lasts ${days} days.`);
    await expect(page.getByRole('main')).toContainText(`it expires after ${days} days without use, and at once when you sign out`);
  });

  test('signing up says it accepts the terms, with links to the terms and the privacy notice', async ({ page }) => {
    await page.goto('/signup');
    const form = page.locator('form');
    await expect(form).toContainText('By creating an account you accept the Terms and Conditions and confirm you have read the Privacy Notice.');
    await form.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await page.goBack();
    await form.getByRole('link', { name: 'Privacy Notice' }).click();
    await expect(page).toHaveURL(/\/privacy-notice$/);
  });
});

test.describe('the generic error screen', () => {
  test('appears with Try Again and Go Back when the API fails, and Try Again reloads', async ({ page, account, consoleGuard }) => {
    consoleGuard.expectConsoleErrors(/./);
    const id = await seedDebtor(account.org.id, { name: 'Flaky Fabrics', currency: 'GBP', overdue: [[10_000, 4]] });
    let failing = true;
    await page.route(`**/api/customers/${id}**`, (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Database unavailable' } }) })
        : route.continue(),
    );
    await page.goto('/home');
    await page.goto(`/customers/${id}`);
    await expect(page.getByText('Something went wrong')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();

    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Flaky Fabrics' })).toBeVisible();

    failing = true;
    await page.reload();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('search params are validated at the router: bad values fall back, never crash', async ({ page, account }) => {
    expect(account.org.id).toBeTruthy();
    await page.goto('/emails/?tab=bogus&customer_id=abc');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await page.goto('/workflows?workflow_id=not-a-uuid');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
