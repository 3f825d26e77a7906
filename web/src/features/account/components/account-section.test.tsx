import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { renderWithApp } from '../../../test/render-with-app';
import { UserMenu } from '../../auth/components/user-menu';
import { authRefusal, authRequests, forgetAuthRequests, instanceMail, onAuth } from '../test/auth-handlers';

import { AccountSection } from './account-section';

afterEach(forgetAuthRequests);

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** better-auth's session rows; `session-0001` is the one the signed-in test session holds. */
function sessionRow(id: string, userAgent: string, updatedAt: string) {
  return { id, token: `token-${id}`, userId: 'user-0001', userAgent, ipAddress: '203.0.113.7', createdAt: updatedAt, updatedAt, expiresAt: '2099-01-01T00:00:00.000Z' };
}
const BOTH = [sessionRow('session-0001', WINDOWS_CHROME, '2026-11-20T10:00:00.000Z'), sessionRow('session-0002', IPHONE, '2026-11-18T08:30:00.000Z')];

async function openAccount(sessions: unknown = BOTH, mode: 'smtp' | 'log' | 'off' = 'smtp') {
  server.use(instanceMail(mode), onAuth('GET /api/auth/list-sessions', sessions instanceof Response ? sessions : (sessions as object)));
  const result = renderRoute('/settings/account');
  await screen.findByRole('heading', { name: 'Your name' });
  return result;
}

const card = (name: string) => screen.getByRole('region', { name });

describe('Settings → Your account', () => {
  it('lists the sessions, marks this device, and signs another one out', async () => {
    server.use(onAuth('POST /api/auth/revoke-session', { status: true }));
    await openAccount();
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Chrome on WindowsThis device'),
      expect.stringContaining('Safari on iPhone'),
    ]);
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /^Sign out Safari on iPhone, last active/ }));
    await waitFor(() => expect(authRequests('/api/auth/revoke-session').map((r) => r.body)).toEqual([{ token: 'token-session-0002' }]));
  });

  it('signs every other session out at once', async () => {
    server.use(onAuth('POST /api/auth/revoke-other-sessions', { status: true }));
    await openAccount();
    await screen.findByRole('list', { name: 'Your sessions' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText('Every other session is signed out.')).toBeTruthy();
    expect(authRequests('/api/auth/revoke-other-sessions')).toHaveLength(1);
  });

  it('says when this device is the only one', async () => {
    await openAccount([BOTH[0]]);
    expect(await screen.findByText('You are signed in on this device only.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out other sessions' }).hasAttribute('disabled')).toBe(true);
  });

  it('explains a list withheld from an older sign-in, and a list that failed', async () => {
    await openAccount(authRefusal(403, 'Session is not fresh'));
    expect((await screen.findByText(/shown only within a day of signing in/)).textContent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out other sessions' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a failure to list the sessions with a way to try again', async () => {
    await openAccount(HttpResponse.json({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } }, { status: 500 }));
    expect(await screen.findByText('Failed to load your sessions')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('saves the name', async () => {
    server.use(onAuth('POST /api/auth/update-user', { status: true }));
    await openAccount();
    const name = within(card('Your name')).getByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('Ann Accountant');
    fireEvent.change(name, { target: { value: '  Ann Smith ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name is saved.')).toBeTruthy();
    expect(authRequests('/api/auth/update-user').map((r) => r.body)).toEqual([{ name: 'Ann Smith' }]);
  });

  it('refuses a wrong current password on its field, and changes it with the other devices signed out', async () => {
    let answer: Response | object = authRefusal(400, 'Invalid password');
    server.use(onAuth('POST /api/auth/change-password', () => answer));
    await openAccount();
    const form = within(card('Password'));
    fireEvent.change(form.getByLabelText('Current password'), { target: { value: 'not-it' } });
    fireEvent.change(form.getByLabelText('New password'), { target: { value: 'a-long-new-password' } });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('This is not your current password')).toBeTruthy();

    answer = { token: null, user: {} };
    fireEvent.change(form.getByLabelText('Current password'), { target: { value: 'the-right-one' } });
    fireEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed, and your other devices are signed out.')).toBeTruthy();
    expect(authRequests('/api/auth/change-password').at(-1)?.body).toEqual({
      currentPassword: 'the-right-one',
      newPassword: 'a-long-new-password',
      revokeOtherSessions: true,
    });
    expect(form.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('sends a confirmation link to a new address, and says the address changes once it is followed', async () => {
    server.use(onAuth('POST /api/auth/change-email', { status: true }));
    await openAccount();
    const form = within(card('Email address'));
    expect(form.getByText('Confirmed')).toBeTruthy();
    fireEvent.change(form.getByLabelText('New email address'), { target: { value: 'ann@example.test' } });
    fireEvent.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('This is already your address')).toBeTruthy();
    fireEvent.change(form.getByLabelText('New email address'), { target: { value: 'ann@new.example' } });
    fireEvent.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect((await form.findByRole('status')).textContent).toBe(
      'We sent a confirmation link to ann@new.example. Your address changes when you follow it; until then you sign in with ann@example.test.',
    );
    expect(authRequests('/api/auth/change-email').map((r) => r.body)).toEqual([{ newEmail: 'ann@new.example' }]);
  });

  it('says the link went to the log when the server has no mail server', async () => {
    server.use(onAuth('POST /api/auth/change-email', { status: true }));
    await openAccount(BOTH, 'log');
    const form = within(card('Email address'));
    fireEvent.change(form.getByLabelText('New email address'), { target: { value: 'ann@new.example' } });
    fireEvent.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect((await form.findByRole('status')).textContent).toContain('the link was written to the server’s log');
  });

  it('asks an unconfirmed address to confirm, and sends the link again', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(UNCONFIRMED)),
      instanceMail('smtp'),
      onAuth('GET /api/auth/list-sessions', BOTH),
      onAuth('POST /api/auth/send-verification-email', { status: true }),
    );
    // Alone, so that this session (not the signed-in test's own) is the one read.
    renderWithApp(<AccountSection />);
    const form = within(await screen.findByRole('region', { name: 'Email address' }));
    expect(await form.findByText('Not confirmed')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Send the link again' }));
    expect(await form.findByText('We sent a new link to ann@example.test.')).toBeTruthy();
    expect(authRequests('/api/auth/send-verification-email').map((r) => r.body)).toEqual([{ email: 'ann@example.test' }]);
  });

  it('is one click from the account menu, which also asks an unconfirmed address to confirm', async () => {
    server.use(instanceMail('smtp'));
    renderWithApp(<UserMenu user={{ ...UNCONFIRMED.user }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu, AA, email address not confirmed' }));
    const item = await screen.findByRole('menuitem', { name: /Your account/ });
    expect(item.textContent).toContain('Please confirm your email address');
  });
});

const UNCONFIRMED = {
  session: {
    id: 'session-0001',
    userId: 'user-0001',
    token: 't',
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    activeOrganizationId: '99999999-9999-4999-8999-999999999999',
  },
  user: {
    id: 'user-0001',
    name: 'Ann Accountant',
    email: 'ann@example.test',
    emailVerified: false,
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};
