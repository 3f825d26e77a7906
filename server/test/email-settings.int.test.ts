import type { DkimKey, EmailSettings, MailServerTestResult, SendingModeState } from '@receivables/contracts';
import { addDays, emailSettingsSchema, organisationToday } from '@receivables/contracts';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orgMailSettings } from '../src/db/schema';
import { createSecretBox } from '../src/lib/secret-box';
import { closeTransports, transportFor } from '../src/lib/smtp-transport';
import { loadMailConfig } from '../src/modules/mail/mail-config';

import { useIntegrationEnv } from './integration-env';
import { expectError, insertCustomer, insertEvent, type RecordingJobQueue, type SignedUpUser, type SmtpSink, startSmtpSink, withOrg } from './support';

const env = useIntegrationEnv();
const PASSWORD = 'Sink pass: 7%Q!';
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink({ auth: { user: 'mailer@acme.test', pass: PASSWORD }, banner: 'acme relay at your service', authFailureText: '5.7.8 No such user here' });
});
afterAll(async () => {
  closeTransports();
  await sink.close();
});

const sender = { from_name: 'Acme Accounts', from_email: 'accounts@acme.test', reply_to_domain: 'replies.acme.test', signature: 'Jo, Accounts\nAcme Ltd' };
const ownServer = (extra: Record<string, unknown> = {}) => ({
  source: 'organisation',
  host: sink.host,
  port: sink.port,
  security: 'none',
  username: 'mailer@acme.test',
  ...extra,
});

async function freshUser(): Promise<SignedUpUser> {
  return env.signUp();
}

describe('GET /api/settings/email', () => {
  it('a new organisation: dry run, nothing set, no mail server anywhere, and what sending still needs', async () => {
    const user = await freshUser();
    const res = await user.api<EmailSettings>('GET', '/api/settings/email');
    expect(res.status).toBe(200);
    expect(emailSettingsSchema.parse(res.body)).toEqual({
      sender: { from_name: null, from_email: null, reply_to_domain: null, signature: null },
      mail_server: { in_use: null, instance_available: false, own: null },
      dkim: null,
      sending: { sending_mode: 'dryrun', missing: ['mail_server', 'from_email'], due_next_24h: 0, next_send: null },
      // Replies pause chasing until someone turns that off; the webhook refuses everything until it has a secret.
      inbound: { pause_on_reply: true, webhook_secret_created_at: null, webhook_url: 'http://localhost:3000/api/inbound/email' },
    });
  });
});

describe('PUT /api/settings/email/sender', () => {
  it('saves who reminders are from', async () => {
    const user = await freshUser();
    const res = await user.api<EmailSettings>('PUT', '/api/settings/email/sender', sender, { 'idempotency-key': crypto.randomUUID() });
    expect(res.status).toBe(200);
    expect(res.body.sender).toEqual(sender);
    expect(res.body.sending.missing).toEqual(['mail_server']);
  });

  it('refuses what would break a header or is not an address, naming the field', async () => {
    const user = await freshUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ from_name: 'Acme\r\nBcc: everyone@example.com' }, 'from_name'],
      [{ from_name: 'Acme\nAccounts' }, 'from_name'],
      [{ from_email: 'accounts@acme.test\r\nBcc: x@y.z' }, 'from_email'],
      [{ from_email: 'not an address' }, 'from_email'],
      [{ from_email: 'accounts@' }, 'from_email'],
      [{ reply_to_domain: 'localhost' }, 'reply_to_domain'],
      [{ reply_to_domain: 'acme test.com' }, 'reply_to_domain'],
      [{ reply_to_domain: 'http://acme.test' }, 'reply_to_domain'],
      [{ reply_to_domain: '-acme.test' }, 'reply_to_domain'],
      [{ signature: 'x'.repeat(2001) }, 'signature'],
      [{ from_name: 'nul\u0000' }, 'from_name'],
      [{ unexpected: 1 }, ''],
    ];
    for (const [change, field] of cases) {
      const res = await user.api('PUT', '/api/settings/email/sender', { ...sender, ...change });
      expectError(res, 400, 'VALIDATION_FAILED', field || undefined);
    }
  });
});

describe('PUT /api/settings/email/mail-server', () => {
  it('keeps the password write-only: said to be set, never answered, stored sealed', async () => {
    const user = await freshUser();
    const res = await user.api<EmailSettings>('PUT', '/api/settings/email/mail-server', ownServer({ password: PASSWORD }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.mail_server).toEqual({
      in_use: 'organisation',
      instance_available: false,
      own: { host: sink.host, port: sink.port, security: 'none', username: 'mailer@acme.test', has_password: true },
    });
    expect(res.text).not.toContain(PASSWORD);
    expect((await user.api('GET', '/api/settings/email')).text).not.toContain(PASSWORD);
    const [row] = await withOrg(env.db.db, user.orgId, (tx) => tx.select().from(orgMailSettings));
    expect(row?.smtpPasswordSealed).toMatch(/^v1\./);
    expect(row?.smtpPasswordSealed).not.toContain(PASSWORD);
  });

  it('left out, the password is kept for the same server; null clears it; another server must be given it again', async () => {
    const user = await freshUser();
    await user.api('PUT', '/api/settings/email/mail-server', ownServer({ password: PASSWORD }));
    const kept = await user.api<EmailSettings>('PUT', '/api/settings/email/mail-server', ownServer());
    expect(kept.body.mail_server.own?.has_password).toBe(true);
    const test = await user.api<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer());
    expect(test.body.ok).toBe(true);
    // Pointing the saved password at another host (or user, port or security) needs it typed again.
    for (const change of [{ host: 'attacker.example' }, { port: sink.port + 1 }, { username: 'other' }, { security: 'starttls' }]) {
      expectError(await user.api('PUT', '/api/settings/email/mail-server', ownServer(change)), 422, 'DOMAIN_RULE', 'password');
      expectError(await user.api('POST', '/api/settings/email/mail-server/test', ownServer(change)), 422, 'DOMAIN_RULE', 'password');
    }
    const cleared = await user.api<EmailSettings>('PUT', '/api/settings/email/mail-server', ownServer({ password: null }));
    expect(cleared.body.mail_server.own?.has_password).toBe(false);
    const back = await user.api<EmailSettings>('PUT', '/api/settings/email/mail-server', { source: 'instance' });
    expect(back.body.mail_server).toEqual({ in_use: null, instance_available: false, own: null });
  });

  it('refuses hostile ports, hosts and credentials with a 400 naming the field, never a 500', async () => {
    const user = await freshUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ port: 0 }, 'port'],
      [{ port: 65_536 }, 'port'],
      [{ port: -25 }, 'port'],
      [{ port: 25.5 }, 'port'],
      [{ port: '25' }, 'port'],
      [{ port: 1e300 }, 'port'],
      [{ port: null }, 'port'],
      [{ host: '' }, 'host'],
      [{ host: 'smtp://mail.acme.test' }, 'host'],
      [{ host: 'mail.acme.test:587' }, 'host'],
      [{ host: 'mail acme.test' }, 'host'],
      [{ host: 'mail.acme.test\r\nRCPT TO:<x@y.z>' }, 'host'],
      [{ host: 'x'.repeat(300) }, 'host'],
      [{ security: 'ssl' }, 'security'],
      [{ username: 'mailer\r\nAUTH' }, 'username'],
      [{ password: 'pass\r\nQUIT' }, 'password'],
      [{ password: '' }, 'password'],
      [{ password: 'x'.repeat(513) }, 'password'],
      [{ source: 'elsewhere' }, 'source'],
    ];
    for (const [change, field] of cases) {
      const res = await user.api('PUT', '/api/settings/email/mail-server', ownServer(change));
      expectError(res, 400, 'VALIDATION_FAILED', field);
      expect(res.text).not.toContain('pass\r\nQUIT');
    }
    expectError(await user.api('PUT', '/api/settings/email/mail-server', { source: 'instance', host: 'x' }), 400, 'VALIDATION_FAILED');
  });
});

describe('POST /api/settings/email/mail-server/test', () => {
  it("connects and signs in as the sender would, and reports the server's greeting", async () => {
    const user = await freshUser();
    const res = await user.api<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({ password: PASSWORD }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, stage: 'done', message: `Connected to ${sink.host}:${sink.port} and signed in as mailer@acme.test.` });
    expect(res.body.server_response).toMatch(/^220 .*acme relay at your service/);
    // A test saves nothing.
    expect((await user.api<EmailSettings>('GET', '/api/settings/email')).body.mail_server.own).toBeNull();
  });

  it("reports a refused sign-in in the server's own words, without the password", async () => {
    const user = await freshUser();
    const wrong = 'Wrong-but-secret-42';
    const res = await user.api<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({ password: wrong }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: false, stage: 'auth', message: `${sink.host}:${sink.port} refused the sign-in.` });
    expect(res.body.server_response).toBe('535 5.7.8 No such user here');
    expect(res.text).not.toContain(wrong);
    expect(res.text).not.toContain(Buffer.from(wrong).toString('base64'));
  });

  it('reports a server that cannot be reached, or that is not a mail server', async () => {
    const user = await freshUser();
    const closed = await startSmtpSink();
    const port = closed.port;
    await closed.close();
    const refused = await user.api<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({ port, username: null }));
    expect(refused.body).toMatchObject({ ok: false, stage: 'connect', server_response: null });
    expect(refused.body.message).toMatch(/^Could not reach 127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\)\.$/);
    // STARTTLS required of a server that offers none: refused before any password is sent.
    const noTls = await user.api<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({ security: 'starttls', password: PASSWORD }));
    expect(noTls.body).toMatchObject({ ok: false, stage: 'tls' });
    expect(sink.authAttempts.filter((a) => a.user === 'mailer@acme.test' && !a.accepted).length).toBeLessThanOrEqual(1);
  });

  it('has no default server to test on an installation without SMTP_URL (422 naming source)', async () => {
    const user = await freshUser();
    expectError(await user.api('POST', '/api/settings/email/mail-server/test', { source: 'instance' }), 422, 'DOMAIN_RULE', 'source');
  });
});

describe('sending mode', () => {
  it('refuses sending without a mail server and a from address, saying which, and lets dry run and disabled be chosen', async () => {
    const user = await freshUser();
    const refused = await user.api('PUT', '/api/settings/email/sending-mode', { sending_mode: 'sending' });
    expectError(refused, 422, 'DOMAIN_RULE', 'sending_mode');
    expect((refused.body as { error: { message: string } }).error.message).toBe('Emails cannot be sent yet: set up a mail server and a from address first');
    await user.api('PUT', '/api/settings/email/sender', sender);
    const stillRefused = await user.api('PUT', '/api/settings/email/sending-mode', { sending_mode: 'sending' });
    expect((stillRefused.body as { error: { message: string } }).error.message).toBe('Emails cannot be sent yet: set up a mail server first');
    const disabled = await user.api<SendingModeState>('PUT', '/api/settings/email/sending-mode', { sending_mode: 'disabled' });
    expect(disabled.body.sending_mode).toBe('disabled');
    expectError(await user.api('PUT', '/api/settings/email/sending-mode', { sending_mode: 'loud' }), 400, 'VALIDATION_FAILED', 'sending_mode');
  });

  it('switches to sending once configured, counts what is due within 24 hours, and asks for the scheduling pass', async () => {
    const user = await freshUser();
    const customer = await insertCustomer(env.db.db, user.orgId, { name: 'Due Soon Ltd' });
    const hour = 3_600_000;
    for (const offset of [-2 * hour, 3 * hour, 23 * hour, 25 * hour]) {
      await insertEvent(env.db.db, user.orgId, customer.id, { scheduledFor: new Date(Date.now() + offset) });
    }
    await insertEvent(env.db.db, user.orgId, customer.id, { status: 'success', scheduledFor: new Date(Date.now() + hour) });
    await user.api('PUT', '/api/settings/email/sender', sender);
    await user.api('PUT', '/api/settings/email/mail-server', ownServer({ password: PASSWORD }));
    const state = await user.api<SendingModeState>('GET', '/api/settings/email/sending-mode');
    // The one already due goes at the next chance: today's.
    const firstDay = { day: organisationToday('Europe/London'), emails: expect.any(Number) as number };
    expect(state.body).toEqual({ sending_mode: 'dryrun', missing: [], due_next_24h: 3, next_send: firstDay });
    const jobs = env.server.jobs as RecordingJobQueue;
    jobs.sent.splice(0);
    const res = await user.api<SendingModeState>('PUT', '/api/settings/email/sending-mode', { sending_mode: 'sending' }, { 'idempotency-key': crypto.randomUUID() });
    expect(res.body).toEqual({ sending_mode: 'sending', missing: [], due_next_24h: 3, next_send: firstDay });
    expect(jobs.sent.map((j) => [j.name, j.data])).toContainEqual(['chasing.schedule', { orgId: user.orgId }]);
    // While sending, the from address and the only mail server cannot be taken away.
    expectError(await user.api('PUT', '/api/settings/email/sender', { ...sender, from_email: null }), 422, 'DOMAIN_RULE', 'from_email');
    expectError(await user.api('PUT', '/api/settings/email/mail-server', { source: 'instance' }), 422, 'DOMAIN_RULE', 'source');
  });
});

describe('the next emails (decision 0046)', () => {
  it('names the first day planned emails go and how many, in the organisation’s days, when none is due within 24 hours', async () => {
    const user = await freshUser();
    const customer = await insertCustomer(env.db.db, user.orgId, { name: 'Monday Morning Ltd' });
    const today = organisationToday('Europe/London');
    // Noon UTC is the same day in London, winter or summer.
    const noon = (day: string) => new Date(`${day}T12:00:00Z`);
    for (const day of [addDays(today, 3), addDays(today, 3), addDays(today, 5)]) {
      await insertEvent(env.db.db, user.orgId, customer.id, { scheduledFor: noon(day) });
    }
    await insertEvent(env.db.db, user.orgId, customer.id, { status: 'success', scheduledFor: noon(addDays(today, 2)) });
    const state = (await user.api<SendingModeState>('GET', '/api/settings/email/sending-mode')).body;
    expect(state.due_next_24h).toBe(0);
    expect(state.next_send).toEqual({ day: addDays(today, 3), emails: 2 });
  });
});

describe('DKIM', () => {
  it('generates a key, shows the TXT record but never the private key, and mail it signs verifies against that record', async () => {
    const user = await freshUser();
    const res = await user.api<DkimKey>('POST', '/api/settings/email/dkim', { domain: 'Acme.test', selector: 'rcv2026' }, { 'idempotency-key': crypto.randomUUID() });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ domain: 'acme.test', selector: 'rcv2026', dns_record: { type: 'TXT', name: 'rcv2026._domainkey.acme.test' } });
    expect(res.body.dns_record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}={0,2}$/);
    expect(res.text).not.toMatch(/PRIVATE KEY|MII[A-Za-z0-9+/]{60,}.*BEGIN/);
    const read = await user.api<EmailSettings>('GET', '/api/settings/email');
    expect(read.body.dkim).toEqual(res.body);
    expect(read.text).not.toContain('PRIVATE');

    const [row] = await withOrg(env.db.db, user.orgId, (tx) => tx.select().from(orgMailSettings));
    expect(row?.dkimPrivateKeySealed).toMatch(/^v1\./);
    const secrets = createSecretBox(env.server.config.secretsKey);
    const config = await withOrg(env.db.db, user.orgId, (tx) => loadMailConfig(tx, user.orgId, undefined, secrets));
    const open = await startSmtpSink();
    try {
      const target = { host: open.host, port: open.port, security: 'none', user: null, password: null } as const;
      const transport = transportFor(target, config.dkim, env.server.config.mail.timeouts);
      await transport.sendMail({ from: 'accounts@acme.test', to: 'ap@customer.test', subject: 'Invoice', text: 'Please pay.' });
      const resolver = (name: string) => Promise.resolve(name === res.body.dns_record.name ? [[res.body.dns_record.value]] : []);
      const { results } = await dkimVerify(open.messages[0]?.raw ?? '', { resolver });
      expect(results[0]?.status.result).toBe('pass');
    } finally {
      await open.close();
    }
  });

  it('deletes the key (204), and a second delete is a 404; a bad domain or selector is a 400 naming it', async () => {
    const user = await freshUser();
    await user.api('POST', '/api/settings/email/dkim', { domain: 'acme.test', selector: 'mail' });
    expect((await user.api('DELETE', '/api/settings/email/dkim')).status).toBe(204);
    expect((await user.api<EmailSettings>('GET', '/api/settings/email')).body.dkim).toBeNull();
    expectError(await user.api('DELETE', '/api/settings/email/dkim'), 404, 'NOT_FOUND');
    expectError(await user.api('POST', '/api/settings/email/dkim', { domain: 'acme', selector: 'mail' }), 400, 'VALIDATION_FAILED', 'domain');
    expectError(await user.api('POST', '/api/settings/email/dkim', { domain: 'acme.test', selector: 'bad selector!' }), 400, 'VALIDATION_FAILED', 'selector');
    expectError(await user.api('POST', '/api/settings/email/dkim', { domain: 'acme.test', selector: '-x' }), 400, 'VALIDATION_FAILED', 'selector');
  });

  it("is one organisation's: another cannot read or delete it", async () => {
    const owner = await freshUser();
    const other = await freshUser();
    await owner.api('POST', '/api/settings/email/dkim', { domain: 'acme.test', selector: 'mail' });
    expect((await other.api<EmailSettings>('GET', '/api/settings/email')).body.dkim).toBeNull();
    expectError(await other.api('DELETE', '/api/settings/email/dkim'), 404, 'NOT_FOUND');
    expect((await owner.api<EmailSettings>('GET', '/api/settings/email')).body.dkim?.domain).toBe('acme.test');
  });
});
