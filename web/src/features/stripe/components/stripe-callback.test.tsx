import { screen, waitFor } from '@testing-library/react';
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
    await waitFor(() => expect(router.state.location.href).toBe('/settings?section=integrations'));
    const [sent, ...again] = apiRequests('POST /api/stripe/complete/');
    expect(sent?.body).toEqual({ user_id: 'usr_1', account_id: 'acct_1Test', state: 'abc.def', install_signature: 't=1,v1=sig', livemode: false });
    expect(again).toEqual([]);
  });

  it('shows the server’s refusal, with a way to start again', async () => {
    server.use(onApi('POST /api/stripe/complete/', apiError(422, 'DOMAIN_RULE', 'The Stripe connection was refused: its state was already used: this install has been completed')));
    renderRoute(`/callback/stripe?${install}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Stripe was not connected');
    expect(alert.textContent).toContain('its state was already used');
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings?section=integrations');
  });

  it('shows a cancelled install’s reason without asking the server anything', async () => {
    renderRoute('/callback/stripe?error=access_denied&error_description=The%20user%20denied%20your%20request');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The user denied your request');
    expect(apiRequests('POST /api/stripe/complete/')).toEqual([]);
  });
});
