import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { accountRecord } from '../../../test/account-data';
import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const install = 'user_id=usr_1&account_id=acct_1Test&state=abc.def&install_signature=t%3D1%2Cv1%3Dsig&livemode=false';

describe('/callback/stripe', () => {
  it('completes an install once with what Stripe sent, then shows the sync on Settings → Integrations', async () => {
    server.use(
      onApi('POST /api/stripe/complete/', { account: accountRecord({ livemode: false }, { status: 'queued', stage: 'customers', stage_number: 1, percent: 0 }) }),
      onApi('GET /api/accounts/', { rows: [accountRecord({ livemode: false })], total: 1 }),
    );
    const { router } = renderRoute(`/callback/stripe?${install}`);
    expect(await screen.findByText('Stripe account acct_1Test connected: its first sync has started')).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/settings/integrations'));
    const [sent, ...again] = apiRequests('POST /api/stripe/complete/');
    expect(sent?.body).toEqual({ user_id: 'usr_1', account_id: 'acct_1Test', state: 'abc.def', install_signature: 't=1,v1=sig', livemode: false });
    expect(again).toEqual([]);
  });

  it('says it is connecting, with a moving bar, for as long as the server takes to complete the install', async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post('/api/stripe/complete/', async () => {
        await answered;
        return HttpResponse.json({ account: accountRecord({ livemode: false }) }, { status: 201 });
      }),
      onApi('GET /api/accounts/', { rows: [accountRecord({ livemode: false })], total: 1 }),
    );
    const { router } = renderRoute(`/callback/stripe?${install}`);
    expect(await screen.findByText('Connecting Stripe account acct_1Test (test mode)…')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Connecting your Stripe account' });
    // Indeterminate: the server gives no measure of how far it has got.
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect again' })).toBeNull();
    expect(router.state.location.pathname).toBe('/callback/stripe');

    answer?.();
    await waitFor(() => expect(router.state.location.href).toBe('/settings/integrations'));
    expect(screen.queryByText(/^Connecting Stripe account/)).toBeNull();
  });

  it.each([
    ['a livemode that is not true or false', install.replace('livemode=false', 'livemode=bogus')],
    ['an install that also carries the error pair', `${install}&error=access_denied&error_description=Denied`],
  ])('calls %s an incomplete link, posts nothing, and offers both ways on', async (_what, search) => {
    // Answered if asked, so a post that should not happen is seen rather than failing unhandled.
    server.use(onApi('POST /api/stripe/complete/', { account: accountRecord() }));
    renderRoute(`/callback/stripe?${search}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link is incomplete')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings/integrations');
    expect(screen.queryByText(/^Connecting Stripe account/)).toBeNull();
    expect(apiRequests('POST /api/stripe/complete/')).toEqual([]);
  });

  it.each([
    ['state', 'was already used: this install has been completed', 'The request this link answers was already used: this install has been completed.'],
    ['install_signature', 'does not match the install: it was altered or is not from Stripe', 'Stripe’s signature on this link does not match the install: it was altered or is not from Stripe.'],
  ])('says the server’s refusal of the %s in words, with a way to start again', async (field, reason, words) => {
    const refusal = apiError(422, 'DOMAIN_RULE', `The Stripe connection was refused: its ${field} ${reason}`, [{ field, reason }]);
    server.use(onApi('POST /api/stripe/complete/', refusal));
    renderRoute(`/callback/stripe?${install}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Stripe was not connected');
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).not.toContain(field);
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings/integrations');
  });

  it('shows any other refusal as the server words it', async () => {
    const taken = apiError(409, 'CONFLICT', 'This Stripe account is connected to another organisation', [{ field: 'account_id', reason: 'disconnect it there first' }]);
    server.use(onApi('POST /api/stripe/complete/', taken));
    renderRoute(`/callback/stripe?${install}`);
    expect((await screen.findByRole('alert')).textContent).toContain('This Stripe account is connected to another organisation');
  });

  it('shows a cancelled install’s reason without asking the server anything', async () => {
    server.use(onApi('POST /api/stripe/complete/', { account: accountRecord() }));
    renderRoute('/callback/stripe?error=access_denied&error_description=The%20user%20denied%20your%20request');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The user denied your request');
    expect(apiRequests('POST /api/stripe/complete/')).toEqual([]);
    // The two ways on: try again, or back to where connecting starts.
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings/integrations');
  });
});
