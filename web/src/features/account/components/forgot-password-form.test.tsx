import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { authRefusal, authRequests, forgetAuthRequests, instanceMail, onAuth } from '../test/auth-handlers';

afterEach(forgetAuthRequests);

const SAME_ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

async function askForLink(email: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('Forgot password', () => {
  it('is reached from sign-in, and sends the address with a link back to this app', async () => {
    server.use(instanceMail('smtp'), onAuth('POST /api/auth/request-password-reset', SAME_ANSWER));
    const { router } = renderRoute('/signin');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
    await askForLink('ann@example.test');
    expect((await screen.findByRole('status')).textContent).toContain(
      'If an account uses ann@example.test, we have sent it a link to choose a new password. The link works for one hour.',
    );
    expect(authRequests('/api/auth/request-password-reset').map((r) => r.body)).toEqual([
      { email: 'ann@example.test', redirectTo: `${window.location.origin}/reset-password` },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('says where the link went when the server writes it to its log', async () => {
    server.use(instanceMail('log'), onAuth('POST /api/auth/request-password-reset', SAME_ANSWER));
    renderRoute('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await askForLink('ann@example.test');
    expect((await screen.findByRole('status')).textContent).toContain('This server has no mail server: the link was written to the server’s log.');
  });

  it('cannot be used when the server sends no email at all', async () => {
    server.use(instanceMail('off'));
    renderRoute('/forgot-password');
    expect((await screen.findByRole('alert')).textContent).toContain('This server cannot send email yet');
    expect(screen.getByRole('button', { name: 'Send reset link' }).hasAttribute('disabled')).toBe(true);
  });

  it('checks the address before sending, and shows a refusal', async () => {
    server.use(instanceMail('smtp'), onAuth('POST /api/auth/request-password-reset', authRefusal(429, 'Too many requests. Please try again later.')));
    renderRoute('/forgot-password');
    await askForLink('not-an-address');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(authRequests()).toEqual([]);
    await askForLink('ann@example.test');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests');
    await waitFor(() => expect(authRequests('/api/auth/request-password-reset')).toHaveLength(1));
  });
});
