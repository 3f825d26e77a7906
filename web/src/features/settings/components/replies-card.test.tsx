import type { EmailSettings, InboundSecret } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { EmailSettingsSection } from './email-settings-section';

const WEBHOOK_URL = 'https://app.example.com/api/inbound/email';
const settings = (inbound: Partial<EmailSettings['inbound']> = {}, replyToDomain: string | null = 'in.acme.test'): EmailSettings => ({
  sender: { from_name: 'Acme Accounts', from_email: 'accounts@acme.test', reply_to_domain: replyToDomain, signature: null },
  mail_server: { in_use: 'instance', instance_available: true, own: null },
  dkim: null,
  sending: { sending_mode: 'dryrun', missing: [], due_next_24h: 0, next_send: null },
  inbound: { pause_on_reply: true, webhook_secret_created_at: null, webhook_url: WEBHOOK_URL, ...inbound },
});
const made: InboundSecret = { secret: 'inb_Zk3q9Xw-secret_value', webhook_url: WEBHOOK_URL, created_at: '2026-11-23T10:00:00.000Z' };

const replies = async () => screen.findByRole('region', { name: 'Replies' });
const pauseSwitch = () => screen.getByRole('switch', { name: 'Pause chasing when a customer replies' });

describe('Settings → Email → Replies', () => {
  it('turns pausing on reply off as soon as it is switched, disabled while it saves', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      // Holds the save until released, then lets the next handler answer it.
      http.put('/api/settings/email/inbound', async () => {
        await held;
      }),
      onApi('GET /api/settings/email', settings()),
      onApi('PUT /api/settings/email/inbound', ({ body }) => ({ ...settings().inbound, ...(body as { pause_on_reply: boolean }) })),
    );
    renderWithApp(<EmailSettingsSection />);
    await replies();
    expect(pauseSwitch()).toHaveProperty('checked', true);
    fireEvent.click(pauseSwitch());
    // Shown as asked while it saves, and not to be switched again meanwhile.
    await waitFor(() => expect(pauseSwitch()).toHaveProperty('disabled', true));
    expect(pauseSwitch()).toHaveProperty('checked', false);
    release();
    expect(await screen.findByText('Replies no longer pause chasing')).toBeTruthy();
    expect(pauseSwitch()).toHaveProperty('disabled', false);
    expect(pauseSwitch()).toHaveProperty('checked', false);
    const [sent] = apiRequests('PUT /api/settings/email/inbound');
    expect(sent?.body).toEqual({ pause_on_reply: false });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
  });

  it('says so when the switch could not be saved, and shows it as it still is', async () => {
    server.use(
      onApi('GET /api/settings/email', settings()),
      onApi('PUT /api/settings/email/inbound', apiError(500, 'INTERNAL', 'Database unavailable')),
    );
    renderWithApp(<EmailSettingsSection />);
    await replies();
    fireEvent.click(pauseSwitch());
    expect(await screen.findByText('Could not save: Database unavailable')).toBeTruthy();
    expect(pauseSwitch()).toHaveProperty('checked', true);
  });

  it('creates the first secret at once and shows it once: closing the dialog forgets it', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (text: string) => Promise.resolve(void writes.push(text)) }, configurable: true });
    server.use(onApi('GET /api/settings/email', settings()), onApi('POST /api/settings/email/inbound-secret', withStatus(201, made)));
    renderWithApp(<EmailSettingsSection />);
    const card = await replies();
    expect(within(card).getByText('No secret yet: the webhook refuses every message until you create one.')).toBeTruthy();
    expect(within(card).getByLabelText('Webhook URL').textContent).toBe(WEBHOOK_URL);
    expect(within(card).getByText('https://inbound:<secret>@app.example.com/api/inbound/email')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Create secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new webhook secret' });
    expect(within(dialog).getByText(/^It will not be shown again\./)).toBeTruthy();
    expect(within(dialog).getByLabelText('Secret', { exact: true }).textContent).toBe(made.secret);
    expect(within(dialog).getByLabelText('Webhook URL with the secret').textContent).toBe(`https://inbound:${made.secret}@app.example.com/api/inbound/email`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Secret copied')).toBeTruthy();
    expect(writes).toEqual([made.secret]);
    // No body, and no Idempotency-Key: the server must not keep the secret to replay it.
    const [sent] = apiRequests('POST /api/settings/email/inbound-secret');
    expect(sent?.body).toBeUndefined();
    expect(sent?.headers['idempotency-key']).toBeUndefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(made.secret)).toBeNull();
    expect(document.body.textContent).not.toContain(made.secret);
    const status = /^A secret was created on 23 November 2026 at \d{2}:\d{2}\. Messages without it are refused\.$/;
    expect(within(card).getByText(status)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Replace secret' })).toBeTruthy();
  });

  it('asks before replacing a secret, as the old one stops working at once', async () => {
    server.use(
      onApi('GET /api/settings/email', settings({ webhook_secret_created_at: '2026-10-01T08:00:00.000Z' })),
      onApi('POST /api/settings/email/inbound-secret', withStatus(201, made)),
    );
    renderWithApp(<EmailSettingsSection />);
    const card = await replies();
    fireEvent.click(within(card).getByRole('button', { name: 'Replace secret' }));
    let confirm = await screen.findByRole('dialog', { name: 'Replace the webhook secret?' });
    expect(within(confirm).getByText(/^The old secret stops working at once/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep the old one' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiRequests('POST /api/settings/email/inbound-secret')).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Replace secret' }));
    confirm = await screen.findByRole('dialog', { name: 'Replace the webhook secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new webhook secret' });
    expect(within(shown).getByLabelText('Secret', { exact: true }).textContent).toBe(made.secret);
    expect(screen.queryByRole('dialog', { name: 'Replace the webhook secret?' })).toBeNull();
    expect(apiRequests('POST /api/settings/email/inbound-secret')).toHaveLength(1);
  });

  it('keeps the confirmation open with the reason when replacing fails', async () => {
    server.use(
      onApi('GET /api/settings/email', settings({ webhook_secret_created_at: '2026-10-01T08:00:00.000Z' })),
      onApi('POST /api/settings/email/inbound-secret', apiError(500, 'INTERNAL', 'Database unavailable')),
    );
    renderWithApp(<EmailSettingsSection />);
    fireEvent.click(within(await replies()).getByRole('button', { name: 'Replace secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace the webhook secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace secret' }));
    expect(await within(confirm).findByText('Could not create a secret: Database unavailable')).toBeTruthy();
  });

  it('says where replies go, and that none arrive without a reply-to domain', async () => {
    server.use(onApi('GET /api/settings/email', settings({}, null)));
    const { unmount } = renderWithApp(<EmailSettingsSection />);
    let card = await replies();
    const warning = /^Replies will not reach the app until a reply-to domain is set: set one in the Sender card\./;
    expect(within(card).getByText(warning)).toBeTruthy();
    expect(within(card).getByText('INBOUND_SMTP_PORT')).toBeTruthy();
    unmount();

    server.use(onApi('GET /api/settings/email', settings()));
    renderWithApp(<EmailSettingsSection />);
    card = await replies();
    expect(within(card).queryByText(/^Replies will not reach the app/)).toBeNull();
    expect(within(card).getAllByText('reply+…@in.acme.test')).toHaveLength(2);
  });
});
