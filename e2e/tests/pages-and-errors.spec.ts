import { expect, test } from '../support/fixtures';

/**
 * The open pages' states (signed out, not-found, their links) are web tests
 * (web/src/features/static-pages/components/static-page.test.tsx); what only the real server
 * shows stays here: the session cookie it really sets.
 */
test.describe('static pages', () => {
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
});
