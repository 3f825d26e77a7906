import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { onApi } from '../../../test/api-handlers';
import { customerPage } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { signedIn, TEST_ORGANISATION } from '../../../test/signed-in';

/** better-auth's answer to a right password: the user, and the session cookie it sets (not visible to a test). */
const SIGNED_IN = { redirect: false, token: 'session-token', user: { id: 'user-0001', name: 'Ann Accountant', email: 'ann@example.test' } };

/**
 * The sign-in endpoint takes the password; from then on the session is the signed-in one (its
 * handlers go in front of the signed-out answer), and Home has an organisation with no customers.
 */
function answerSignIn() {
  server.use(
    http.post('/api/auth/sign-in/email', () => {
      server.use(...signedIn(TEST_ORGANISATION));
      return HttpResponse.json(SIGNED_IN);
    }),
    onApi('GET /api/customers/', customerPage([], 0)),
    onApi('GET /api/customers/overdue-summary', { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] }),
  );
}

async function signIn(password = 'correct horse battery') {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'ann@example.test' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign in at /signin', () => {
  // docs/product.md, Routes: a missing or unsafe redirect_url becomes /, so sign-in never leaves the app.
  it.each(['//evil.example', 'https://evil.example/x', 'javascript:alert(1)', '/\\evil.example', 'garbage', ''])(
    'ignores redirect_url %j and lands on Home',
    async (target) => {
      answerSignIn();
      const origin = window.location.origin;
      const { router } = renderRoute(`/signin?redirect_url=${encodeURIComponent(target)}`, { isSignedOut: true });
      await signIn();
      expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/home');
      expect(window.location.origin).toBe(origin);
    },
  );

  it('refuses a wrong password in the server’s words, and stays on sign-in', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () => HttpResponse.json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, { status: 401 })),
    );
    const { router } = renderRoute('/signin', { isSignedOut: true });
    await signIn('definitely-not-it');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false));
    expect(router.state.location.pathname).toBe('/signin');
  });
});
