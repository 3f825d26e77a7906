import type { EmailSettings, MailServerTestResult, SendingModeState } from '@receivables/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';

import { orgMailSettings } from '../src/db/schema';

import {
  type ApiAnswer,
  createTestDatabase,
  expectError,
  type SignedUpUser,
  signUpWithOrg,
  type SmtpSink,
  startSmtpSink,
  startTestServer,
  type TestDatabase,
  type TestServer,
  withOrg,
} from './support';

// The organisation's SMTP password and the installation's (in SMTP_URL) must never be in an answer
// or a log line (issue 12): this server logs everything, at trace level, into `logLines`.
const INSTANCE_PASSWORD = 'Inst4nce-Secret/€';
const ORG_PASSWORD = 'Org-Secret: correct horse 91';
const WRONG_PASSWORD = 'Wrong-Secret: battery staple 17';
const SECRETS = [INSTANCE_PASSWORD, ORG_PASSWORD, WRONG_PASSWORD];
const FORMS = SECRETS.flatMap((s) => [s, encodeURIComponent(s), Buffer.from(s).toString('base64'), Buffer.from(`\u0000user\u0000${s}`).toString('base64')]);

let db: TestDatabase;
let server: TestServer;
let instanceSink: SmtpSink;
let orgSink: SmtpSink;
let user: SignedUpUser;
const logLines: string[] = [];
const answers: string[] = [];

beforeAll(async () => {
  instanceSink = await startSmtpSink({ auth: { user: 'instance-user', pass: INSTANCE_PASSWORD } });
  orgSink = await startSmtpSink({ auth: { user: 'org-user', pass: ORG_PASSWORD } });
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  const smtpUrl = `smtp://instance-user:${encodeURIComponent(INSTANCE_PASSWORD)}@127.0.0.1:${instanceSink.port}?security=none`;
  server = await startTestServer(db.db, { SMTP_URL: smtpUrl, LOG_LEVEL: 'trace' }, undefined, { logStream: { write: (line) => void logLines.push(line) } });
  user = await signUpWithOrg(server);
});
afterAll(async () => {
  await server.close();
  await db.drop();
  await Promise.all([instanceSink.close(), orgSink.close()]);
});

async function call<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const res = await user.api<T>(method, path, body);
  answers.push(res.text);
  return res;
}

const ownServer = (extra: Record<string, unknown>) => ({ source: 'organisation', host: '127.0.0.1', port: orgSink.port, security: 'none', username: 'org-user', ...extra });

describe("the installation's default mail server (SMTP_URL)", () => {
  it('is in use until the organisation has its own, and tests as the default, naming neither its address nor its account', async () => {
    const settings = await call<EmailSettings>('GET', '/api/settings/email');
    expect(settings.body.mail_server).toEqual({ in_use: 'instance', instance_available: true, own: null });
    expect(settings.body.sending.missing).toEqual(['from_email']);
    // The sign-up's address check goes through the same server (account emails, decision 0025), in
    // the background: once it has arrived, the probe's sign-in is the only one after it.
    await vi.waitFor(() => expect(instanceSink.messages).toHaveLength(1));
    const before = instanceSink.authAttempts.length;
    const test = await call<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', { source: 'instance' });
    expect(test.body).toMatchObject({ ok: true, stage: 'done', message: "Connected to the server's default mail server and signed in." });
    expect(test.text).not.toContain('instance-user');
    expect(instanceSink.authAttempts.slice(before)).toEqual([{ user: 'instance-user', accepted: true }]);
  });

  it('is enough, with a from address, to switch to sending', async () => {
    await call('PUT', '/api/settings/email/sender', { from_name: null, from_email: 'accounts@acme.test', reply_to_domain: null, signature: null });
    const res = await call<SendingModeState>('PUT', '/api/settings/email/sending-mode', { sending_mode: 'sending' });
    expect(res.body).toEqual({ sending_mode: 'sending', missing: [], due_next_24h: 0, next_send: null });
    // Its own server may be removed while sending: the default takes over.
    await call('PUT', '/api/settings/email/mail-server', ownServer({ password: ORG_PASSWORD }));
    expect((await call<EmailSettings>('PUT', '/api/settings/email/mail-server', { source: 'instance' })).body.mail_server.in_use).toBe('instance');
    await call('PUT', '/api/settings/email/sending-mode', { sending_mode: 'dryrun' });
  });
});

describe('secrets in answers and logs', () => {
  it('saving, testing (passing, refused, unreachable) and refusing a password leave it in no answer and no log line', async () => {
    expect((await call<EmailSettings>('PUT', '/api/settings/email/mail-server', ownServer({ password: ORG_PASSWORD }))).status).toBe(200);
    expect((await call<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({}))).body.ok).toBe(true);
    const refused = await call<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({ password: WRONG_PASSWORD }));
    expect(refused.body).toMatchObject({ ok: false, stage: 'auth' });
    const closed = await startSmtpSink();
    await closed.close();
    const unreachable = await call<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({ port: closed.port, password: ORG_PASSWORD }));
    expect(unreachable.body).toMatchObject({ ok: false, stage: 'connect' });
    expectError(await call('PUT', '/api/settings/email/mail-server', ownServer({ port: 70_000, password: WRONG_PASSWORD })), 400, 'VALIDATION_FAILED', 'port');
    expectError(await call('PUT', '/api/settings/email/mail-server', ownServer({ password: `${WRONG_PASSWORD}\r\n` })), 400, 'VALIDATION_FAILED', 'password');
    await call('GET', '/api/settings/email');
    await call('POST', '/api/settings/email/dkim', { domain: 'acme.test', selector: 'mail' });
    await call('GET', '/api/settings/email');

    // The log did record these requests (so an absent secret means something).
    const log = logLines.join('');
    expect(log).toContain('/api/settings/email/mail-server/test');
    expect(logLines.length).toBeGreaterThan(20);
    for (const form of FORMS) {
      expect(log, 'a secret in the log').not.toContain(form);
      for (const answer of answers) expect(answer, 'a secret in an answer').not.toContain(form);
    }
    expect(log).not.toMatch(/PRIVATE KEY/);
    for (const answer of answers) expect(answer).not.toMatch(/PRIVATE KEY/);
  });

  it('a saved password that no longer opens (the secrets key changed) asks for it again, not a 500', async () => {
    await call('PUT', '/api/settings/email/mail-server', ownServer({ password: ORG_PASSWORD }));
    await withOrg(db.db, user.orgId, (tx) =>
      tx.update(orgMailSettings).set({ smtpPasswordSealed: 'v1.AAAAAAAA.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA' }).where(eq(orgMailSettings.orgId, user.orgId)),
    );
    expectError(await call('POST', '/api/settings/email/mail-server/test', ownServer({})), 422, 'DOMAIN_RULE', 'password');
    // It is still shown as set, and a new one can be typed.
    expect((await call<EmailSettings>('GET', '/api/settings/email')).body.mail_server.own?.has_password).toBe(true);
    expect((await call<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', ownServer({ password: ORG_PASSWORD }))).body.ok).toBe(true);
  });
});
