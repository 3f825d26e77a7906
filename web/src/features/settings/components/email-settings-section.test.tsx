import { addDays, type EmailSettings, type MailServerTestResult, organisationToday } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { EmailSettingsSection } from './email-settings-section';

/** None in the next day; 19 the day after tomorrow, in the organisation's days (decision 0046). */
const NEXT_SEND = { day: addDays(organisationToday(TEST_ORGANISATION.time_zone), 2), emails: 19 };
const NEXT_IN_WORDS = /^Nothing goes out before \w+day \d+ \w+( \d{4})?, when 19 emails do\. They will be sent/;

const blank: EmailSettings = {
  sender: { from_name: null, from_email: null, reply_to_domain: null, signature: null },
  mail_server: { in_use: null, instance_available: false, own: null },
  dkim: null,
  sending: { sending_mode: 'dryrun', missing: ['mail_server', 'from_email'], due_next_24h: 4, next_send: NEXT_SEND },
  inbound: { pause_on_reply: true, webhook_secret_created_at: null, webhook_url: 'http://localhost:3000/api/inbound/email' },
};

const configured: EmailSettings = {
  ...blank,
  sender: { from_name: 'Acme Accounts', from_email: 'accounts@acme.test', reply_to_domain: null, signature: null },
  mail_server: {
    in_use: 'organisation',
    instance_available: true,
    own: { host: 'smtp.acme.test', port: 587, security: 'starttls', username: 'mailer', has_password: true },
  },
  sending: { sending_mode: 'dryrun', missing: [], due_next_24h: 4, next_send: NEXT_SEND },
};

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

const dkimKey = {
  domain: 'acme.test',
  selector: 'mail',
  created_at: '2026-11-23T10:00:00.000Z',
  dns_record: { type: 'TXT' as const, name: 'mail._domainkey.acme.test', value: 'v=DKIM1; k=rsa; p=AAAA' },
};
const asMember = { organisation: { ...TEST_ORGANISATION, role: 'member' as const } };

// user-event finds a radio's group with CSS.escape, which jsdom lacks; radio names here are plain
// words, so escaping punctuation with a backslash is all it needs.
const jsdomWindow = document.defaultView as (Window & { CSS?: { escape?: unknown } }) | null;
if (jsdomWindow && typeof jsdomWindow.CSS?.escape !== 'function') {
  Object.defineProperty(jsdomWindow, 'CSS', { value: { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) }, configurable: true });
}

/** The words a control is named by: its label's text. */
const labelOf = (control: HTMLElement): string => control.closest('label')?.textContent ?? '';
/** The words a control is described by (aria-describedby), as a screen reader reads them after its name. */
const describedBy = (control: HTMLElement): string =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Press Tab until `target` has the focus, failing if it is never reached (as a keyboard user would give up). */
async function tabUntil(user: ReturnType<typeof userEvent.setup>, target: HTMLElement): Promise<void> {
  for (let presses = 0; presses < 40 && document.activeElement !== target; presses += 1) await user.tab();
  expect(document.activeElement).toBe(target);
}

describe('EmailSettingsSection', () => {
  it('shows loading, then a failure with a way to try again', async () => {
    server.use(onApi('GET /api/settings/email', apiError(500, 'INTERNAL', 'An unexpected error occurred')));
    renderWithApp(<EmailSettingsSection />);
    expect(await screen.findByRole('status', { name: 'Loading email settings' })).toBeTruthy();
    expect(await screen.findByText('Failed to load email settings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a new organisation: empty sender, its own server to enter, dry run and what sending needs', async () => {
    server.use(onApi('GET /api/settings/email', blank));
    renderWithApp(<EmailSettingsSection />);
    expect(await screen.findByRole('textbox', { name: 'From address' })).toHaveProperty('value', '');
    expect(screen.getByText('This installation has no default mail server: enter your own to send.')).toBeTruthy();
    expect(screen.getByText('Not set up')).toBeTruthy();
    expect(screen.getByText('Sending needs a mail server and a from address: set them up on this page first.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Dry run' })).toHaveProperty('checked', true);
    expect(screen.getByRole('form', { name: 'Generate a DKIM key' })).toBeTruthy();
  });

  it('refuses a from name that would break a header, without asking the server; saves a good sender with empty fields as null', async () => {
    server.use(
      onApi('GET /api/settings/email', blank),
      onApi('PUT /api/settings/email/sender', (request) => ({ ...blank, sender: request.body as EmailSettings['sender'] })),
    );
    renderWithApp(<EmailSettingsSection />);
    const name = await screen.findByRole('textbox', { name: 'From name' });
    fireEvent.change(name, { target: { value: 'Acme\nBcc: all@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'From address' }), { target: { value: 'not an address' } });
    click('Save sender');
    expect(await screen.findByText('Enter an address such as accounts@example.co.uk')).toBeTruthy();
    expect(apiRequests('PUT /api/settings/email/sender')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Acme Accounts' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'From address' }), { target: { value: 'accounts@acme.test' } });
    click('Save sender');
    expect(await screen.findByText('Sender saved')).toBeTruthy();
    expect(apiRequests('PUT /api/settings/email/sender')[0]?.body).toEqual({
      from_name: 'Acme Accounts',
      from_email: 'accounts@acme.test',
      reply_to_domain: null,
      signature: null,
    });
  });

  it('says the signature shows only where a template asks for it', async () => {
    server.use(onApi('GET /api/settings/email', blank));
    renderWithApp(<EmailSettingsSection />);
    const signature = await screen.findByRole('textbox', { name: 'Signature' });
    expect(describedBy(signature)).toBe('Shown where a template uses {{ signature }}: the starter templates end with it.');
  });

  it("tests the server as typed, keeping the saved password, and shows the server's own words", async () => {
    const refused: MailServerTestResult = { ok: false, stage: 'auth', message: 'smtp.acme.test:587 refused the sign-in.', server_response: '535 5.7.8 Authentication credentials invalid' };
    server.use(onApi('GET /api/settings/email', configured), onApi('POST /api/settings/email/mail-server/test', refused));
    renderWithApp(<EmailSettingsSection />);
    expect(await screen.findByText('A password is saved. Leave empty to keep it.')).toBeTruthy();
    click('Test connection');
    const alert = await screen.findByRole('status');
    expect(within(alert).getByText('Connection failed')).toBeTruthy();
    expect(within(alert).getByText('535 5.7.8 Authentication credentials invalid')).toBeTruthy();
    // The password left empty is left out: the saved one is used, never sent back.
    expect(apiRequests('POST /api/settings/email/mail-server/test')[0]?.body).toEqual({
      source: 'organisation',
      host: 'smtp.acme.test',
      port: 587,
      security: 'starttls',
      username: 'mailer',
    });
  });

  it('puts the server’s refusal of a kept password next to the password field', async () => {
    server.use(
      onApi('GET /api/settings/email', configured),
      onApi(
        'PUT /api/settings/email/mail-server',
        apiError(422, 'DOMAIN_RULE', 'Enter the password again', [{ field: 'password', reason: 'is required when the server or username changes' }]),
      ),
    );
    renderWithApp(<EmailSettingsSection />);
    const host = await screen.findByRole('textbox', { name: 'Server' });
    fireEvent.change(host, { target: { value: 'smtp.elsewhere.test' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Port' }), { target: { value: '70000' } });
    click('Save mail server');
    expect(await screen.findByText('Enter a port from 1 to 65535')).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Port' }), { target: { value: '2525' } });
    click('Save mail server');
    expect(await screen.findByText('is required when the server or username changes')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('switching to sending asks first, saying when the next emails go and how many, then switches', async () => {
    server.use(
      onApi('GET /api/settings/email', configured),
      onApi('GET /api/settings/email/sending-mode', { sending_mode: 'dryrun', missing: [], due_next_24h: 0, next_send: NEXT_SEND }),
      onApi('PUT /api/settings/email/sending-mode', { sending_mode: 'sending', missing: [], due_next_24h: 0, next_send: NEXT_SEND }),
    );
    renderWithApp(<EmailSettingsSection />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Sending' }));
    click('Switch to sending');
    const dialog = await screen.findByRole('dialog', { name: 'Start sending reminders?' });
    expect(await within(dialog).findByText(NEXT_IN_WORDS)).toBeTruthy();
    expect(apiRequests('PUT /api/settings/email/sending-mode')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start sending' }));
    expect(await screen.findByText('Sending is on: due reminders go out to your customers')).toBeTruthy();
    expect(apiRequests('PUT /api/settings/email/sending-mode')[0]?.body).toEqual({ sending_mode: 'sending' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('radio', { name: 'Sending' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('button', { name: /^Switch to/ })).toBeNull();
  });

  it('explains each sending mode in plain words, read with its choice', async () => {
    server.use(onApi('GET /api/settings/email', configured));
    renderWithApp(<EmailSettingsSection />);
    const mode = await screen.findByRole('group', { name: 'Mode' });
    // What a screen reader says after each choice's name: the words printed under it.
    const explained = within(mode)
      .getAllByRole('radio')
      .map((radio) => [labelOf(radio), describedBy(radio)]);
    expect(explained).toEqual([
      ['Dry run', 'Reminders are written and kept in Activity exactly as they would go out, but nothing is sent. New organisations start here.'],
      ['Sending', 'Due reminders are emailed to your customers, within your send window.'],
      ['Disabled', 'Nothing is planned and nothing is sent. Planned reminders are set aside until you switch back.'],
    ]);
  });

  it('switches to sending by keyboard alone: Tab to the mode, an arrow to Sending, Enter to switch and Enter to confirm', async () => {
    const user = userEvent.setup();
    server.use(
      onApi('GET /api/settings/email', configured),
      onApi('GET /api/settings/email/sending-mode', { sending_mode: 'dryrun', missing: [], due_next_24h: 0, next_send: NEXT_SEND }),
      onApi('PUT /api/settings/email/sending-mode', { sending_mode: 'sending', missing: [], due_next_24h: 0, next_send: NEXT_SEND }),
    );
    renderWithApp(<EmailSettingsSection />);
    const dryRun = await screen.findByRole('radio', { name: 'Dry run' });
    // From the top of the page, a Tab at a time: the mode is one stop, on the mode in force.
    await tabUntil(user, dryRun);
    await user.keyboard('{ArrowDown}');
    const sending = screen.getByRole('radio', { name: 'Sending' });
    expect(sending).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(sending);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Switch to sending' }));
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Start sending reminders?' });
    expect(await within(dialog).findByText(NEXT_IN_WORDS)).toBeTruthy();
    await tabUntil(user, within(dialog).getByRole('button', { name: 'Start sending' }));
    expect(apiRequests('PUT /api/settings/email/sending-mode')).toHaveLength(0);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Sending is on: due reminders go out to your customers')).toBeTruthy();
    expect(apiRequests('PUT /api/settings/email/sending-mode')).toEqual([expect.objectContaining({ body: { sending_mode: 'sending' } })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('radio', { name: 'Sending' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('button', { name: /^Switch to/ })).toBeNull();
    // The button that was pressed is gone: the keyboard carries on from the mode now in force.
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Sending' }));
  });

  it('says what sending still needs instead of offering to switch', async () => {
    server.use(onApi('GET /api/settings/email', blank), onApi('GET /api/settings/email/sending-mode', blank.sending));
    renderWithApp(<EmailSettingsSection />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Sending' }));
    click('Switch to sending');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Emails cannot be sent yet: set up a mail server and a from address first.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Start sending' })).toBeNull();
  });

  it('generates a DKIM key for the from address’s domain and shows the record to publish, with copy buttons', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (text: string) => Promise.resolve(void writes.push(text)) }, configurable: true });
    const dkim = {
      domain: 'acme.test',
      selector: 'rcv2026',
      created_at: '2026-11-23T10:00:00.000Z',
      dns_record: { type: 'TXT' as const, name: 'rcv2026._domainkey.acme.test', value: 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' },
    };
    server.use(onApi('GET /api/settings/email', configured), onApi('POST /api/settings/email/dkim', dkim));
    renderWithApp(<EmailSettingsSection />);
    expect(await screen.findByRole('textbox', { name: 'Domain' })).toHaveProperty('value', 'acme.test');
    fireEvent.change(screen.getByRole('textbox', { name: 'Selector' }), { target: { value: 'rcv2026' } });
    click('Generate key');
    expect(await screen.findByText('rcv2026._domainkey.acme.test')).toBeTruthy();
    expect(apiRequests('POST /api/settings/email/dkim')[0]?.body).toEqual({ domain: 'acme.test', selector: 'rcv2026' });
    click('Copy record value');
    expect(await screen.findByText('Record value copied')).toBeTruthy();
    expect(writes).toEqual([dkim.dns_record.value]);
  });

  it('shows a member every setting, why it cannot change them, and no way to save, test, switch or make keys', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: (text: string) => Promise.resolve(void writes.push(text)) }, configurable: true });
    const inbound = { ...configured.inbound, webhook_secret_created_at: '2026-11-20T10:00:00.000Z' };
    server.use(onApi('GET /api/settings/email', { ...configured, dkim: dkimKey, inbound }));
    renderWithApp(<EmailSettingsSection />, asMember);
    // One notice for the whole section, not one per card.
    const notes = await screen.findAllByRole('note');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.textContent).toContain('Only an admin or the owner can change these settings.');
    // The values are there to read, but nothing takes a change.
    expect(screen.getByRole('textbox', { name: 'From address' })).toHaveProperty('value', 'accounts@acme.test');
    expect(screen.getByRole('textbox', { name: 'From address' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: 'Server' })).toHaveProperty('value', 'smtp.acme.test');
    expect(screen.getByRole('textbox', { name: 'Server' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('spinbutton', { name: 'Port' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Our own mail server' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Sending' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: 'Pause chasing when a customer replies' })).toHaveProperty('disabled', true);
    for (const name of ['Save sender', 'Save mail server', 'Test connection', /^Switch to/, 'New key', 'Remove key', 'Replace secret', 'Create secret']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // What is there to copy still copies: the DKIM record and the webhook URL.
    click('Copy record value');
    click('Copy webhook url');
    await waitFor(() => expect(writes).toEqual([dkimKey.dns_record.value, configured.inbound.webhook_url]));
  });

  it('tells a member who sets up what sending needs, rather than asking them to', async () => {
    server.use(onApi('GET /api/settings/email', blank));
    renderWithApp(<EmailSettingsSection />, asMember);
    expect(await screen.findByText('Sending needs a mail server and a from address: an admin or the owner sets them up on this page.')).toBeTruthy();
    expect(screen.getByText(/a reply-to domain is set: an admin or the owner sets one in the Sender card\./)).toBeTruthy();
  });

  it('tells a member there is no DKIM key rather than offering a form to make one', async () => {
    server.use(onApi('GET /api/settings/email', configured));
    renderWithApp(<EmailSettingsSection />, asMember);
    expect(await screen.findByText('No key yet: mail goes out unsigned.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Generate a DKIM key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate key' })).toBeNull();
  });

  it('gives an admin every control, with no notice', async () => {
    server.use(onApi('GET /api/settings/email', { ...configured, dkim: dkimKey }));
    renderWithApp(<EmailSettingsSection />, { organisation: { ...TEST_ORGANISATION, role: 'admin' } });
    expect(await screen.findByRole('button', { name: 'Save sender' })).toBeTruthy();
    for (const name of ['Save mail server', 'Test connection', 'New key', 'Remove key', 'Create secret']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('textbox', { name: 'From address' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('switch', { name: 'Pause chasing when a customer replies' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('removes the DKIM key after asking', async () => {
    const dkim = { domain: 'acme.test', selector: 'mail', created_at: '2026-11-23T10:00:00.000Z', dns_record: { type: 'TXT' as const, name: 'mail._domainkey.acme.test', value: 'v=DKIM1; k=rsa; p=AAAA' } };
    server.use(onApi('GET /api/settings/email', { ...configured, dkim }), onApi('DELETE /api/settings/email/dkim', () => new HttpResponse(null, { status: 204 })));
    renderWithApp(<EmailSettingsSection />);
    await screen.findByRole('button', { name: 'Remove key' });
    click('Remove key');
    const dialog = await screen.findByRole('dialog', { name: 'Remove the DKIM key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove key' }));
    expect(await screen.findByText('DKIM key removed: mail goes out unsigned')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Generate a DKIM key' })).toBeTruthy();
  });
});
