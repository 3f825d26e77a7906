import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

describe('Sign up at /signup', () => {
  // docs/product.md, Routes: creating an account is accepting the terms, so the form says so before its button.
  it('says creating an account accepts the terms, linking them and the privacy notice', async () => {
    const { router } = renderRoute('/signup', { isSignedOut: true });
    const form = (await screen.findByRole('button', { name: 'Create account' })).closest('form')!;
    expect(form.textContent).toContain('By creating an account you accept the Terms and Conditions and confirm you have read the Privacy Notice.');

    fireEvent.click(within(form).getByRole('link', { name: 'Terms and Conditions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms-and-conditions');

    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    const again = (await screen.findByRole('button', { name: 'Create account' })).closest('form')!;
    fireEvent.click(within(again).getByRole('link', { name: 'Privacy Notice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/privacy-notice');
  });
});

describe('Sign up with an address that already has an account (issue 28, finding 8)', () => {
  it('creates nothing visible, says the address may have an account, and offers sign-in and a reset', async () => {
    // The server answers the sign-up as for a new address; the sign-in with this password is refused.
    server.use(
      http.post('/api/auth/sign-up/email', () => HttpResponse.json({ token: null, user: { id: 'u1', email: 'taken@example.com', name: 'Someone' } })),
      http.post('/api/auth/sign-in/email', () => HttpResponse.json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, { status: 401 })),
      http.get('/api/instance/', () => HttpResponse.json({ account_mail: 'smtp', stripe_connect: false })),
    );
    const { router } = renderRoute('/signup', { isSignedOut: true });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Someone' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'taken@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('This address may already have an account. If so, we have emailed it a link to sign in.'));
    expect(alert.textContent).not.toMatch(/Invalid email or password/);
    fireEvent.click(within(alert).getByRole('link', { name: 'reset your password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('button', { name: /send/i })).toBeTruthy();
  });

  it('does not say it emailed the address when this server writes account emails to its log', async () => {
    server.use(
      http.post('/api/auth/sign-up/email', () => HttpResponse.json({ token: null, user: { id: 'u1', email: 'taken@example.com', name: 'Someone' } })),
      http.post('/api/auth/sign-in/email', () => HttpResponse.json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, { status: 401 })),
      http.get('/api/instance/', () => HttpResponse.json({ account_mail: 'log', stripe_connect: false })),
    );
    renderRoute('/signup', { isSignedOut: true });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Someone' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'taken@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This address may already have an account. Sign in or reset your password.');
  });
});
