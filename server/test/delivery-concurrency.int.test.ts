import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { closeTransports, MAX_CONNECTIONS_PER_TRANSPORT } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';

import { configureMail, dueReminder, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, readEvents } from './scheduling-helpers';
import { createTestDatabase, type SmtpSink, startSmtpSink, type TestDatabase } from './support';

/** Tuesday 13 January 2026, 10:00 in London (GMT): inside the send window. */
const AT = new Date('2026-01-13T10:00:00.000Z');
const CONCURRENCY = 2;
const EMAILS = 20;

let tdb: TestDatabase;
let sink: SmtpSink;
/** Messages the server holds at this moment, between the end of their data and its answer, and the most ever. */
const server = { holding: 0, most: 0 };
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  // A server that takes a while over each message, so hand-offs overlap if anything lets them.
  sink = await startSmtpSink({
    onMessage: async () => {
      server.holding++;
      server.most = Math.max(server.most, server.holding);
      await new Promise((resolve) => setTimeout(resolve, 150));
      server.holding--;
      return undefined;
    },
  });
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await tdb.drop();
});

describe('the per-instance bound on hand-offs (SEND_CONCURRENCY)', () => {
  it(`a pass over ${EMAILS} due emails never has more than ${CONCURRENCY} at the mail server at once, and uses them all`, async () => {
    // The bound, not the pool, is what holds them back: the pool would open more connections.
    expect(MAX_CONNECTIONS_PER_TRANSPORT).toBeGreaterThan(CONCURRENCY);
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', sendingMode: 'sending' });
    await configureMail(tdb.db, org.id, { sink, from: { name: 'Acme', email: 'accounts@acme.test' } });
    for (let i = 0; i < EMAILS; i++) await dueReminder(tdb.db, org.id, org.templates.get('Friendly reminder') ?? '', AT);

    const deps = senderDepsFor(tdb.db, () => AT, { delivery: { concurrency: CONCURRENCY, ratePerMinute: 1_000 } });
    expect(await sendDueEmails(deps, { orgId: org.id })).toMatchObject({ sent: EMAILS, failed: 0, unknown: 0, retried: 0 });
    expect(sink.messages).toHaveLength(EMAILS);
    expect((await readEvents(tdb.db, org.id)).every((e) => e.status === 'success')).toBe(true);
    expect(server.most).toBe(CONCURRENCY);
  });
});
