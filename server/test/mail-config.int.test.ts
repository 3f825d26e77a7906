import { eq } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { orgMailSettings, orgSettings } from '../src/db/schema';
import { createSecretBox } from '../src/lib/secret-box';
import { closeTransports, openTransportCount, transportFor } from '../src/lib/smtp-transport';
import { dkimDnsRecord, dkimPublicKeyOf, generateDkimKeyPair } from '../src/modules/mail/dkim-key';
import { loadMailConfig, secretContext, smtpTargetFromUrl } from '../src/modules/mail/mail-config';

import { useIntegrationEnv } from './integration-env';
import { type SignedUpUser, type SmtpSink, startSmtpSink, withOrg } from './support';

const env = useIntegrationEnv();
const timeouts = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 10_000 };
let user: SignedUpUser;
let sink: SmtpSink;

beforeAll(async () => {
  user = await env.signUp();
  sink = await startSmtpSink({ auth: { user: 'mailer', pass: 'sink-pass-%:@' } });
});
afterAll(async () => {
  closeTransports();
  await sink.close();
});
afterEach(async () => {
  await withOrg(env.db.db, user.orgId, (tx) => tx.delete(orgMailSettings).where(eq(orgMailSettings.orgId, user.orgId)));
});

const box = () => createSecretBox(env.server.config.secretsKey);
const load = (instanceUrl?: string) => withOrg(env.db.db, user.orgId, (tx) => loadMailConfig(tx, user.orgId, instanceUrl, box()));

async function saveOwnServer(password: string | null): Promise<void> {
  await withOrg(env.db.db, user.orgId, (tx) =>
    tx.insert(orgMailSettings).values({
      orgId: user.orgId,
      smtpHost: sink.host,
      smtpPort: sink.port,
      smtpSecurity: 'none',
      smtpUsername: 'mailer',
      smtpPasswordSealed: password === null ? null : box().seal(password, secretContext(user.orgId, 'smtp_password')),
    }),
  );
}

describe('loadMailConfig', () => {
  it('a new organisation: dry-run, no from address, no server unless the instance has one', async () => {
    const config = await load();
    expect(config).toMatchObject({ orgId: user.orgId, mode: 'dryrun', from: null, smtp: null, smtpSource: null, dkim: null });
    const withInstance = await load('smtp://relay%40corp:p%40ss@mail.example.com:2525');
    expect(withInstance.smtpSource).toBe('instance');
    expect(withInstance.smtp).toEqual({ host: 'mail.example.com', port: 2525, security: 'starttls', user: 'relay@corp', password: 'p@ss' });
  });

  it("prefers the organisation's own server, its password opened from the sealed column, and reads the sender's identity", async () => {
    await saveOwnServer('sink-pass-%:@');
    await withOrg(env.db.db, user.orgId, (tx) =>
      tx.update(orgSettings).set({ fromName: 'Acme Accounts', fromEmail: 'accounts@acme.test', replyToDomain: 'acme.test' }).where(eq(orgSettings.orgId, user.orgId)),
    );
    const [stored] = await withOrg(env.db.db, user.orgId, (tx) => tx.select().from(orgMailSettings));
    expect(stored?.smtpPasswordSealed).not.toContain('sink-pass');
    const config = await load('smtp://other.example.com');
    expect(config.smtpSource).toBe('organisation');
    expect(config.smtp).toEqual({ host: sink.host, port: sink.port, security: 'none', user: 'mailer', password: 'sink-pass-%:@' });
    expect(config.from).toEqual({ name: 'Acme Accounts', email: 'accounts@acme.test' });
    expect(config.replyToDomain).toBe('acme.test');
  });

  it('will not open a secret sealed for another organisation', async () => {
    await withOrg(env.db.db, user.orgId, (tx) =>
      tx.insert(orgMailSettings).values({
        orgId: user.orgId,
        smtpHost: sink.host,
        smtpPort: sink.port,
        smtpSecurity: 'none',
        smtpUsername: 'mailer',
        smtpPasswordSealed: box().seal('x', secretContext(crypto.randomUUID(), 'smtp_password')),
      }),
    );
    await expect(load()).rejects.toThrow(/altered, or belongs to another record/);
  });
});

describe('smtpTargetFromUrl', () => {
  it('reads the scheme into the security and default port', () => {
    expect(smtpTargetFromUrl('smtps://mail.example.com')).toMatchObject({ security: 'tls', port: 465, user: null, password: null });
    expect(smtpTargetFromUrl('smtp://mail.example.com')).toMatchObject({ security: 'starttls', port: 587 });
    expect(smtpTargetFromUrl('smtp://127.0.0.1:1025?security=none')).toMatchObject({ host: '127.0.0.1', security: 'none', port: 1025 });
    expect(smtpTargetFromUrl('smtp://[::1]:25')).toMatchObject({ host: '::1' });
  });

  it('refuses what is not an SMTP URL without repeating it (it may hold a password)', () => {
    for (const bad of ['http://u:secret@x', 'smtp://u:secret@x?security=maybe', 'not a url secret']) {
      expect(() => smtpTargetFromUrl(bad)).toThrow();
      try {
        smtpTargetFromUrl(bad);
      } catch (error) {
        expect(String(error)).not.toContain('secret');
      }
    }
  });
});

describe('transportFor', () => {
  it("hands a message to the server, signed in with the organisation's password, and reuses one pooled transport", async () => {
    await saveOwnServer('sink-pass-%:@');
    const { smtp } = await load();
    if (!smtp) throw new Error('no server');
    const transport = transportFor(smtp, null, timeouts);
    expect(transportFor({ ...smtp }, null, timeouts)).toBe(transport);
    const info = await transport.sendMail({ from: 'accounts@acme.test', to: 'ap@customer.test', subject: 'Invoice 42', text: 'Hello' });
    expect(info.response).toMatch(/^250/);
    expect(sink.messages.at(-1)).toMatchObject({ to: ['ap@customer.test'], user: 'mailer' });
    // Another password is another transport: a changed setting never reuses the old credentials.
    expect(transportFor({ ...smtp, password: 'changed' }, null, timeouts)).not.toBe(transport);
  });

  it('reports the server refusing the sign-in in its own words', async () => {
    const transport = transportFor({ host: sink.host, port: sink.port, security: 'none', user: 'mailer', password: 'wrong' }, null, timeouts);
    await expect(transport.sendMail({ from: 'a@acme.test', to: 'b@customer.test', text: 'x' })).rejects.toThrow(/535 Authentication credentials invalid/);
  });

  it('signs with the DKIM key so that a receiver verifies it against the published record (mailauth)', async () => {
    const open = await startSmtpSink();
    try {
      const pair = await generateDkimKeyPair();
      expect(dkimPublicKeyOf(pair.privateKeyPem)).toBe(pair.publicKeyBase64);
      const record = dkimDnsRecord('acme.test', 'rcv2026', pair.publicKeyBase64);
      expect(record.name).toBe('rcv2026._domainkey.acme.test');
      const dkim = { domainName: 'acme.test', keySelector: 'rcv2026', privateKey: pair.privateKeyPem };
      const transport = transportFor({ host: open.host, port: open.port, security: 'none', user: null, password: null }, dkim, timeouts);
      await transport.sendMail({ from: 'Acme <accounts@acme.test>', to: 'ap@customer.test', subject: 'Your invoice', text: 'Please pay.\n', html: '<p>Please pay.</p>' });
      const raw = open.messages[0]?.raw ?? '';
      expect(raw).toMatch(/^DKIM-Signature: .*d=acme\.test/m);
      const resolver = (name: string) => Promise.resolve(name === record.name ? [[record.value]] : []);
      const { results } = await dkimVerify(raw, { resolver });
      expect(results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([['acme.test', 'rcv2026', 'pass']]);
      // The same message altered in transit fails.
      const altered = await dkimVerify(raw.replace('Please pay.', 'Please pay me.'), { resolver });
      expect(altered.results[0]?.status.result).not.toBe('pass');
    } finally {
      await open.close();
    }
  });

  it('closes every transport on shutdown', () => {
    transportFor({ host: '127.0.0.1', port: 9, security: 'none', user: null, password: null }, null, timeouts);
    expect(openTransportCount()).toBeGreaterThan(0);
    closeTransports();
    expect(openTransportCount()).toBe(0);
  });
});
