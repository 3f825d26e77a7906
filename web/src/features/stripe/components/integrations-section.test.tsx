import type { Account, AccountList } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { accountRecord } from '../../../test/account-data';
import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { IntegrationsSection } from './integrations-section';

const list = (...rows: Account[]): AccountList => ({ rows, total: rows.length });

describe('Settings → Integrations', () => {
  it('with nothing connected, explains and sends the person to Stripe’s install link', async () => {
    const goTo = vi.fn();
    server.use(
      onApi('GET /api/accounts/', list()),
      onApi('POST /api/stripe/connect/', { url: 'https://marketplace.stripe.com/oauth/v2/authorize?state=abc', expires_at: '2026-11-24T11:00:00.000Z' }),
    );
    renderWithApp(<IntegrationsSection goTo={goTo} />);
    expect(await screen.findByRole('status', { name: 'Loading integrations' })).toBeTruthy();
    expect(await screen.findByText(/No Stripe account is connected/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://marketplace.stripe.com/oauth/v2/authorize?state=abc'));
    expect(apiRequests('POST /api/stripe/connect/')).toHaveLength(1);
  });

  it('shows a member the accounts and their syncs, with why they cannot connect, sync or disconnect', async () => {
    server.use(onApi('GET /api/accounts/', list(accountRecord())));
    renderWithApp(<IntegrationsSection goTo={vi.fn()} />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect(await screen.findByRole('article', { name: /^Stripe account/ })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Only an admin or the owner can connect or disconnect integrations.');
    expect(screen.queryByRole('button', { name: /Connect|Sync now|Disconnect/ })).toBeNull();
  });

  it('says why it cannot connect when the server has no Stripe keys', async () => {
    server.use(
      onApi('GET /api/accounts/', list()),
      onApi('POST /api/stripe/connect/', apiError(422, 'DOMAIN_RULE', 'Stripe is not set up on this server')),
    );
    renderWithApp(<IntegrationsSection goTo={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Stripe is not set up on this server');
  });

  it('on a server not set up for Stripe, offers no Connect Stripe and says it is not available here, still listing an account connected before', async () => {
    server.use(onApi('GET /api/instance/', { account_mail: 'smtp', stripe_connect: false }), onApi('GET /api/accounts/', list()));
    const { unmount } = renderWithApp(<IntegrationsSection goTo={vi.fn()} />);
    expect(await screen.findByText(/Connecting Stripe is not available on this installation/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
    expect(screen.queryByText(/No Stripe account is connected/)).toBeNull();
    unmount();

    server.use(onApi('GET /api/accounts/', list(accountRecord())));
    renderWithApp(<IntegrationsSection goTo={vi.fn()} />);
    expect(await screen.findByRole('article', { name: /^Stripe account/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
  });

  it('follows a running sync stage by stage until it is up to date, and lists what was left out', async () => {
    const running = accountRecord(
      { livemode: false, last_synced_at: null },
      { status: 'running', stage: 'open_invoices', stage_number: 2, percent: 25, counts: { customers: 250, invoices: 1000, payments: 0, skipped: 1 }, finished_at: null },
    );
    const done = accountRecord(
      { livemode: false },
      { counts: { customers: 250, invoices: 2500, payments: 3, skipped: 1 }, problems: [{ object_id: 'in_9', reason: 'It is in EUR, and its customer’s invoices are in GBP' }] },
    );
    let reads = 0;
    server.use(onApi('GET /api/accounts/', () => (++reads === 1 ? list(running) : list(done))));
    renderWithApp(<IntegrationsSection goTo={vi.fn()} />);
    const item = await screen.findByRole('article', { name: 'Stripe account acct_1Test' });
    expect(item.textContent).toContain('Test mode');
    expect(item.textContent).toContain('Stage 2 of 4: open invoices');
    expect(item.textContent).toContain('250 customers, 1,000 invoices, 0 payments; 1 item left out');
    expect(within(item).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(item).getByRole('button', { name: 'Sync now' })).toHaveProperty('disabled', true);
    // Read again on its own while it runs.
    await waitFor(() => expect(item.textContent).toContain('Up to date'), { timeout: 4000 });
    expect(within(item).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(item.textContent).toContain('in_9: It is in EUR, and its customer’s invoices are in GBP');
    expect(within(item).getByRole('button', { name: 'Sync now' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Connect another account' })).toBeTruthy();
  });

  it('says why the last sync stopped', async () => {
    server.use(onApi('GET /api/accounts/', list(accountRecord({}, { status: 'failed', stage: 'payments', stage_number: 4, percent: 75, error: 'Stripe answered: Invalid API Key provided' }))));
    renderWithApp(<IntegrationsSection goTo={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Stripe answered: Invalid API Key provided. It carries on from where it stopped');
    expect(screen.getByText('The last sync stopped')).toBeTruthy();
  });

  it('syncs again by hand, and disconnects after asking, keeping the account listed', async () => {
    server.use(
      onApi('GET /api/accounts/', list(accountRecord())),
      onApi('POST /api/accounts/:id/sync', accountRecord({}, { status: 'queued', stage: 'customers', stage_number: 1, percent: 0 })),
      onApi('POST /api/accounts/:id/disconnect', accountRecord({ status: 'disconnected', disconnected_at: '2026-11-24T09:00:00.000Z', disconnected_reason: 'person' })),
    );
    renderWithApp(<IntegrationsSection goTo={vi.fn()} />);
    const item = await screen.findByRole('article', { name: 'Stripe account acct_1Test' });
    fireEvent.click(within(item).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(item.textContent).toContain('Waiting to start…'));
    expect(apiRequests('POST /api/accounts/:id/sync')).toHaveLength(1);

    fireEvent.click(within(item).getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect acct_1Test?' });
    expect(dialog.textContent).toContain('What has arrived stays');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Stripe account acct_1Test disconnected')).toBeTruthy();
    expect(item.textContent).toContain('Disconnected 24 November 2026');
    expect(within(item).queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('a failed load ends in the error panel with a retry that works', async () => {
    let fail = true;
    server.use(onApi('GET /api/accounts/', () => (fail ? apiError(500, 'INTERNAL', 'Database unavailable') : list())));
    renderWithApp(<IntegrationsSection goTo={vi.fn()} />);
    expect(await screen.findByText('Failed to load integrations')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No Stripe account is connected/)).toBeTruthy();
  });
});
