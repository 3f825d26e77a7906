import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { authRefusal, authRequests, forgetAuthRequests, instanceMail, onAuth } from '../test/auth-handlers';

afterEach(forgetAuthRequests);

function fill(password: string, repeat = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('Reset password', () => {
  it('takes a new password with sign-up’s rules, then asks to sign in with it', async () => {
    server.use(onAuth('POST /api/auth/reset-password', { status: true }));
    const { router } = renderRoute('/reset-password?token=tok-123');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    fill('short');
    expect(await screen.findByText('Use at least 8 characters')).toBeTruthy();
    fill('a-long-new-password', 'another-password');
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    expect(authRequests()).toEqual([]);

    fill('a-long-new-password');
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been changed. Sign in with the new one.');
    expect(router.state.location.pathname).toBe('/signin');
    expect(authRequests('/api/auth/reset-password').map((r) => r.body)).toEqual([{ token: 'tok-123', newPassword: 'a-long-new-password' }]);
  });

  it('says a used or expired link cannot be used, with a way to ask for a new one', async () => {
    server.use(onAuth('POST /api/auth/reset-password', authRefusal(400, 'Invalid token')), instanceMail('smtp'));
    const { router } = renderRoute('/reset-password?token=used-token');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    fill('a-long-new-password');
    expect((await screen.findByRole('alert')).textContent).toContain('It has expired or has already been used');
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('says a link without its token is not complete', async () => {
    renderRoute('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain('This link is not complete');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
