import type { ChasingSettings, EmailSettings } from '@receivables/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const chasing: ChasingSettings = {
  time_zone: 'Europe/London',
  send_window_start: '09:00',
  send_window_end: '17:00',
  working_days: [1, 2, 3, 4, 5],
  holiday_region: 'GB-ENG',
  weekly_cap: 2,
  sending_mode: 'dryrun',
};

const email: EmailSettings = {
  sender: { from_name: null, from_email: null, reply_to_domain: null, signature: null },
  mail_server: { in_use: null, instance_available: false, own: null },
  dkim: null,
  sending: { sending_mode: 'dryrun', missing: ['mail_server', 'from_email'], due_next_24h: 0, next_send: null },
  inbound: { pause_on_reply: true, webhook_secret_created_at: null, webhook_url: 'http://localhost:3000/api/inbound/email' },
};

/** Chasing and Email answered, the sections these tests open. */
function answerSections() {
  server.use(
    onApi('GET /api/settings/chasing', chasing),
    onApi('GET /api/settings/holiday-regions', { rows: [{ code: 'GB-ENG', name: 'United Kingdom — England' }], total: 1 }),
    onApi('GET /api/settings/email', email),
  );
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe('Settings routes', () => {
  it('opens Chasing at /settings, at its own path', async () => {
    answerSections();
    const { router } = renderRoute('/settings');
    await waitFor(() => expect(router.state.location.href).toBe('/settings/chasing'));
    expect(await screen.findByRole('button', { name: 'Save chasing settings' })).toBeTruthy();
    expect(selectedTab()?.textContent).toBe('Chasing');
  });

  it('sends the old /settings?section=<x> of sent emails and bookmarks to /settings/<x>', async () => {
    answerSections();
    const { router } = renderRoute('/settings?section=email');
    await waitFor(() => expect(router.state.location.href).toBe('/settings/email'));
    expect(await screen.findByRole('tabpanel', { name: 'Email' })).toBeTruthy();
    expect(selectedTab()?.textContent).toBe('Email');
  });

  it('opens Chasing for a section it does not know', async () => {
    answerSections();
    const { router } = renderRoute('/settings?section=delivery');
    await waitFor(() => expect(router.state.location.href).toBe('/settings/chasing'));
  });

  it('makes each tab a link to its section, and following one shows that section alone', async () => {
    answerSections();
    const { router } = renderRoute('/settings/chasing');
    await screen.findByRole('button', { name: 'Save chasing settings' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual([
      '/settings/chasing',
      '/settings/email',
      '/settings/templates',
      '/settings/integrations',
      '/settings/organisation',
      '/settings/team',
      '/settings/audit',
      '/settings/account',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    await waitFor(() => expect(router.state.location.href).toBe('/settings/email'));
    expect(await screen.findByRole('tabpanel', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save chasing settings' })).toBeNull();
  });
});
