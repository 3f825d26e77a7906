// An organisation's own mail server is reached only at public addresses unless the installation
// allows one (SMTP_ALLOWED_HOSTS; decision 0032). This file's server allows none, as a fresh
// installation: loopback, private, link-local and metadata addresses are refused before any
// connection, and "Test connection" says so without timing or banners.
import { createServer, type Server, type Socket } from 'node:net';

import type { MailServerTestResult } from '@receivables/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';

import { configureMail, dueReminder, keptLog, senderDepsFor } from './delivery-helpers';
import { useIntegrationEnv } from './integration-env';
import { chasingOrganisation, readEvents } from './scheduling-helpers';
import { okBody, type SmtpSink, startSmtpSink } from './support';

const NO_ALLOWANCE = { SMTP_ALLOWED_HOSTS: '' };
/** Tuesday 13 January 2026, 10:00 in London (GMT): inside the send window. */
const AT = new Date('2026-01-13T10:00:00.000Z');
const env = useIntegrationEnv(NO_ALLOWANCE);

/** A service on loopback that speaks first, as a database or a cache would: it must never be reached. */
let service: Server;
let servicePort = 0;
const connections: Socket[] = [];
let sink: SmtpSink;
beforeAll(async () => {
  service = createServer((socket) => {
    connections.push(socket);
    socket.end('220 internal-cache v7.2 secret-banner\r\n');
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const address = service.address();
  servicePort = typeof address === 'object' && address ? address.port : 0;
  sink = await startSmtpSink();
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await new Promise((resolve) => service.close(resolve));
});

const target = (host: string, port: number) => ({ source: 'organisation', host, port, security: 'none', username: null });

describe('Test connection under the outbound policy', () => {
  it('refuses loopback, private, link-local and metadata addresses at once, connecting to none and telling nothing of them', async () => {
    const { api } = await env.signUp();
    for (const [host, port] of [['127.0.0.1', servicePort], ['localhost', servicePort], ['2130706433', servicePort], ['169.254.169.254', 80], ['10.0.0.1', 25], ['[::1]', servicePort]] as const) {
      const started = performance.now();
      const res = okBody(await api<MailServerTestResult>('POST', '/api/settings/email/mail-server/test', target(host.replace(/^\[|\]$/g, ''), port)));
      const took = performance.now() - started;
      expect(res, host).toMatchObject({ ok: false, stage: 'connect', server_response: null });
      expect(res.message, host).toContain("is refused by this server's policy");
      expect(res.message, host).not.toMatch(/ECONN|timeout|secret-banner|internal-cache/i);
      // No connection was tried, so no port's timing tells open from closed (a closed one took ~10 s).
      expect(took, host).toBeLessThan(3000);
    }
    expect(connections).toHaveLength(0);
  });
});

describe('sending under the outbound policy', () => {
  it('never hands an email to an organisation server at a refused address: it waits, and the log says why', async () => {
    const org = await chasingOrganisation(env.db.db, { timezone: 'Europe/London', sendingMode: 'sending' });
    const orgId = org.id;
    await configureMail(env.db.db, orgId, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' } });
    await dueReminder(env.db.db, orgId, org.templates.get('Friendly reminder') ?? '', AT);
    const log = keptLog();
    await sendDueEmails(senderDepsFor(env.db.db, () => AT, { env: NO_ALLOWANCE, log }), { orgId });
    expect(sink.messages).toHaveLength(0);
    expect((await readEvents(env.db.db, orgId)).map((e) => e.status)).toEqual(['pending']);
    expect(log.lines.join('\n')).toContain("The organisation's mail server is refused by this server's policy");
    // Allowed by the installation, the same server takes it.
    await sendDueEmails(senderDepsFor(env.db.db, () => AT, { env: { SMTP_ALLOWED_HOSTS: '127.0.0.1' } }), { orgId });
    expect(sink.messages).toHaveLength(1);
  });
});
