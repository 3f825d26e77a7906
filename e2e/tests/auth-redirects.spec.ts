import { baseUrl, expect, signUpWithOrganisation, test } from '../support/fixtures';

test.describe('signing in and the redirect_url rule', () => {
  test('a signed-out visitor is sent to sign-in with where they were going', async ({ page }) => {
    await page.goto('/customers/?q=north');
    await expect(page).toHaveURL(/\/signin\?redirect_url=/);
    const redirect = new URL(page.url()).searchParams.get('redirect_url');
    expect(redirect).toBe('/customers/?q=north');
  });

  test('a same-origin relative redirect_url is honoured after sign-in', async ({ page, browser }) => {
    const context = await browser.newContext();
    const setup = await signUpWithOrganisation(context.request, 'Redirect Co');
    await context.close();

    // Where the visitor above was going, search and all.
    await page.goto(`/signin?redirect_url=${encodeURIComponent('/customers/?q=north')}`);
    await page.getByLabel('Email').fill(setup.email);
    await page.getByLabel('Password').fill(setup.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/customers\/\?q=north$/);
    await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('north');
  });
});

test('the root path redirects to /home (and on to sign-in when signed out)', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin\?redirect_url=%2Fhome/);
});

// The server runs without PUBLIC_URL (see global-setup), as after `npm start`: whichever loopback
// address the person typed, signing in and out must work (docs/decisions/0010-origins.md).
for (const host of ['127.0.0.1', 'localhost']) {
  test(`signs in and out at http://${host}:<port>`, async ({ browser }) => {
    const origin = baseUrl().replace('127.0.0.1', host);
    const setupContext = await browser.newContext({ baseURL: baseUrl() });
    const setup = await signUpWithOrganisation(setupContext.request, 'Loopback Co');
    await setupContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/signin`);
    await page.getByLabel('Email').fill(setup.email);
    await page.getByLabel('Password').fill(setup.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${origin}/home`);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin.replaceAll('.', '\\.')}/signin`));
    await page.goto(`${origin}/home`);
    await expect(page).toHaveURL(/\/signin\?redirect_url=/);
    await context.close();
  });
}
