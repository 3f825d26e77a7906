import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';

import { configureMail, dueReminder, keptLog, type MailSetup, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, readEvents } from './scheduling-helpers';
import { createTestDatabase, type SmtpRefusal, type SmtpSink, startSmtpSink, type TestDatabase } from './support';
import { readMail } from './support/mime-parts';

const PASSWORD = 'f4ult-Pa55w0rd!%';
const log = keptLog();
let tdb: TestDatabase;
const sinks: SmtpSink[] = [];
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  closeTransports();
  await Promise.all(sinks.map((s) => s.close()));
  await tdb.drop();
  // Whatever went wrong, the password was never written down.
  expect(log.lines.length).toBeGreaterThan(0);
  expect(log.lines.filter((l) => l.includes(PASSWORD))).toEqual([]);
});

/** Tuesday 13 January 2026, 10:00 in London (GMT): inside the send window. */
const AT = new Date('2026-01-13T10:00:00.000Z');
const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
const settings = { maxAttempts: 3, retryBaseMs: 60_000 };
// The socket may stay silent longer than a greeting may take: a silent server is then a greeting timeout.
const timeouts = { connectionMs: 500, greetingMs: 500, socketMs: 1_000 };

/** An organisation sending through `server`, with one reminder due at AT. */
async function sendingThrough(server: Pick<SmtpSink, 'host' | 'port'>, auth = false) {
  const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', sendingMode: 'sending' });
  const setup: MailSetup = { sink: server, from: { name: 'Acme', email: 'accounts@acme.test' }, ...(auth ? { user: 'mailer', password: PASSWORD } : {}) };
  await configureMail(tdb.db, org.id, setup);
  const due = await dueReminder(tdb.db, org.id, org.templates.get('Friendly reminder') ?? '', AT);
  const pass = (at: Date) => sendDueEmails(senderDepsFor(tdb.db, () => at, { log, delivery: settings, timeouts }), { orgId: org.id });
  const event = async () => (await readEvents(tdb.db, org.id)).find((e) => e.id === due.eventId);
  return { org, due, pass, event, setup };
}

async function sink(options: Parameters<typeof startSmtpSink>[0] = {}): Promise<SmtpSink> {
  const s = await startSmtpSink(options);
  sinks.push(s);
  return s;
}

const arrivedWith = (s: SmtpSink, messageId: string | null | undefined) =>
  s.messages.filter((m) => readMail(m.raw).headers.get('message-id') === messageId);

describe('faults at the mail server: each email ends as described, none twice, nothing crashes', () => {
  it('server down (connection refused): retried with back-off, then failed with the reason', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe: Server = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const { pass, event } = await sendingThrough({ host: '127.0.0.1', port: closed }, true);
    expect(await pass(AT)).toMatchObject({ retried: 1, sent: 0 });
    expect(await event()).toMatchObject({ status: 'pending', attempts: 1, claimedAt: null, nextAttemptAt: minutes(1).toISOString() });
    expect((await event())?.smtpResponse).toMatch(/ECONNREFUSED/);
    // Not before its time; then after one minute, then two more: the third attempt is the last.
    expect(await pass(minutes(0.5))).toMatchObject({ retried: 0 });
    expect(await pass(minutes(1))).toMatchObject({ retried: 1 });
    expect(await event()).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: minutes(3).toISOString() });
    expect(await pass(minutes(3))).toMatchObject({ failed: 1 });
    expect(await event()).toMatchObject({ status: 'failure', reason: 'retries_exhausted', attempts: 3, nextAttemptAt: null });
    expect((await event())?.history.map((h) => `${h.status}:${h.reason ?? ''}`)).toEqual(['pending:', 'failure:retries_exhausted']);
  });

  it('a server that never greets (slower than the timeout): nothing left, so it is retried, and goes once the server answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { org, pass, event, setup } = await sendingThrough({ host: '127.0.0.1', port: (silent.address() as AddressInfo).port });
      expect(await pass(AT)).toMatchObject({ retried: 1 });
      expect((await event())?.smtpResponse).toMatch(/Greeting never received/);
      const good = await sink();
      await configureMail(tdb.db, org.id, { ...setup, sink: good });
      expect(await pass(minutes(1))).toMatchObject({ sent: 1 });
      const e = await event();
      expect(e).toMatchObject({ status: 'success', attempts: 2 });
      expect(arrivedWith(good, e?.messageId)).toHaveLength(1);
    } finally {
      silent.close();
    }
  });

  it('a server slow to answer once it has the message (longer than the socket timeout): unknown, never resent, and it did arrive once', async () => {
    let accepted = 0;
    const slow = await sink({
      onMessage: async () => {
        await new Promise((r) => setTimeout(r, 2_000));
        accepted++;
        return undefined;
      },
    });
    const { pass, event } = await sendingThrough(slow);
    expect(await pass(AT)).toMatchObject({ unknown: 1, sent: 0, retried: 0 });
    const e = await event();
    expect(e).toMatchObject({ status: 'unknown', reason: 'outcome_unknown', attempts: 1 });
    expect(e?.error).toMatch(/Timeout/);
    // The server took it after all, late: exactly once, and no pass sends it again.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(accepted).toBe(1);
    expect(await pass(minutes(10))).toMatchObject({ sent: 0, unknown: 0, retried: 0, swept: 0 });
    expect(arrivedWith(slow, e?.messageId)).toHaveLength(1);
  });

  it('4xx, then accepted: retried once, sent, two attempts, one message', async () => {
    let calls = 0;
    const greylisting = await sink({
      auth: { user: 'mailer', pass: PASSWORD },
      onMessage: () => {
        calls++;
        if (calls > 1) return undefined;
        const refusal: SmtpRefusal = new Error('4.7.1 Greylisted, please try again later');
        refusal.responseCode = 451;
        return refusal;
      },
    });
    const { pass, event } = await sendingThrough(greylisting, true);
    expect(await pass(AT)).toMatchObject({ retried: 1 });
    expect(await event()).toMatchObject({ status: 'pending', attempts: 1, smtpResponse: '451 4.7.1 Greylisted, please try again later' });
    expect(await pass(minutes(1))).toMatchObject({ sent: 1 });
    const e = await event();
    expect(e).toMatchObject({ status: 'success', attempts: 2, reason: null });
    expect(e?.smtpResponse).toMatch(/^250 /);
    expect(arrivedWith(greylisting, e?.messageId)).toHaveLength(1);
    expect(greylisting.messages).toHaveLength(1);
  });

  it('5xx: failed at once, rejected, in the server’s own words', async () => {
    const strict = await sink({
      onMessage: () => {
        const refusal: SmtpRefusal = new Error('5.7.1 Message rejected: looks like spam to us');
        refusal.responseCode = 550;
        return refusal;
      },
    });
    const { pass, event } = await sendingThrough(strict);
    expect(await pass(AT)).toMatchObject({ failed: 1, retried: 0 });
    const e = await event();
    expect(e).toMatchObject({ status: 'failure', reason: 'rejected', attempts: 1 });
    expect(e?.smtpResponse).toBe('550 5.7.1 Message rejected: looks like spam to us');
    expect(e?.error).toBe('550 5.7.1 Message rejected: looks like spam to us');
    expect(await pass(minutes(60))).toMatchObject({ sent: 0, failed: 0, retried: 0 });
    expect(strict.messages).toHaveLength(0);
  });
});
