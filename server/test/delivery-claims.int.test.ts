import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { event } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';

import { configureMail, dueReminder, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, hourlyPass, readEvents } from './scheduling-helpers';
import { createTestDatabase, type SmtpSink, startSmtpSink, type TestDatabase, withOrg } from './support';

let tdb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  sink = await startSmtpSink();
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await tdb.drop();
});

/** Tuesday 13 January 2026, 10:00 in London (GMT): inside the send window. */
const AT = new Date('2026-01-13T10:00:00.000Z');

async function sendingOrg() {
  const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', sendingMode: 'sending' });
  await configureMail(tdb.db, org.id, { sink, from: { name: 'Acme', email: 'accounts@acme.test' } });
  return { ...org, template: org.templates.get('Friendly reminder') ?? '' };
}

const payUp = (orgId: string, customerId: string) =>
  withOrg(tdb.db, orgId, (tx) => tx.execute(sql`
    update invoice set status = 'paid', amount_paid = amount_due, amount_remaining = 0, updated_at = ${AT.toISOString()}::timestamptz
    where customer_id = ${customerId}`));

describe('the claim re-checks the customer under its lock', () => {
  it('an email due when its debt has just been paid is superseded (debt_paid), never sent', async () => {
    const org = await sendingOrg();
    const due = await dueReminder(tdb.db, org.id, org.template, AT);
    await payUp(org.id, due.customerId);
    // The figures move the standing on; the scheduler leaves a due email to the sender.
    await hourlyPass(tdb.db, org.id, AT);
    expect((await readEvents(tdb.db, org.id))[0]?.status).toBe('pending');
    const before = sink.messages.length;
    expect(await sendDueEmails(senderDepsFor(tdb.db, () => AT), { orgId: org.id })).toMatchObject({ superseded: 1, sent: 0 });
    expect((await readEvents(tdb.db, org.id))[0]).toMatchObject({ status: 'superseded', reason: 'debt_paid', attempts: 0 });
    expect(sink.messages.length).toBe(before);
  });

  it('an email due for a customer paused since is superseded (paused)', async () => {
    const org = await sendingOrg();
    const due = await dueReminder(tdb.db, org.id, org.template, AT);
    await withOrg(tdb.db, org.id, (tx) => tx.execute(sql`
      update customer set standing = 'paused', standing_since = ${AT.toISOString()}::timestamptz where id = ${due.customerId}`));
    expect(await sendDueEmails(senderDepsFor(tdb.db, () => AT), { orgId: org.id })).toMatchObject({ superseded: 1, sent: 0 });
    expect((await readEvents(tdb.db, org.id))[0]).toMatchObject({ status: 'superseded', reason: 'paused' });
  });

  it('a claimed email is the sender’s: the scheduler neither moves nor supersedes it, whatever its clock', async () => {
    const org = await sendingOrg();
    const later = new Date(AT.getTime() + 2 * 86_400_000);
    const due = await dueReminder(tdb.db, org.id, org.template, later);
    // Being sent now (a person pressed "Send now"), its lease running; the scheduler's clock is still before its time.
    await withOrg(tdb.db, org.id, (tx) =>
      tx.update(event).set({ claimedAt: AT, leaseUntil: new Date(AT.getTime() + 600_000), attempts: 1 }).where(eq(event.id, due.eventId)));
    await payUp(org.id, due.customerId);
    await hourlyPass(tdb.db, org.id, AT);
    const [e] = await readEvents(tdb.db, org.id);
    expect(e).toMatchObject({ status: 'pending', scheduledFor: later.toISOString(), claimedAt: AT.toISOString() });
    // Nor does the sender take it twice while the lease runs; once it has run out, it is unknown.
    const meanwhile = new Date(AT.getTime() + 300_000);
    const whileLeased = await sendDueEmails(senderDepsFor(tdb.db, () => meanwhile), { orgId: org.id });
    expect(whileLeased).toMatchObject({ sent: 0, swept: 0, superseded: 0 });
    const expired = new Date(AT.getTime() + 600_001);
    expect(await sendDueEmails(senderDepsFor(tdb.db, () => expired), { orgId: org.id })).toMatchObject({ swept: 1, sent: 0 });
    expect((await readEvents(tdb.db, org.id))[0]).toMatchObject({ status: 'unknown', reason: 'outcome_unknown' });
  });

  it('keeps to the send window and to the organisation’s rate', async () => {
    const org = await sendingOrg();
    for (let i = 0; i < 5; i++) await dueReminder(tdb.db, org.id, org.template, AT);
    const evening = new Date('2026-01-13T18:00:00.000Z');
    expect(await sendDueEmails(senderDepsFor(tdb.db, () => evening), { orgId: org.id })).toMatchObject({ sent: 0 });
    const limited = (at: Date) => senderDepsFor(tdb.db, () => at, { delivery: { ratePerMinute: 2 } });
    expect(await sendDueEmails(limited(AT), { orgId: org.id })).toMatchObject({ sent: 2 });
    expect(await sendDueEmails(limited(new Date(AT.getTime() + 30_000)), { orgId: org.id })).toMatchObject({ sent: 0 });
    expect(await sendDueEmails(limited(new Date(AT.getTime() + 61_000)), { orgId: org.id })).toMatchObject({ sent: 2 });
    expect((await readEvents(tdb.db, org.id)).filter((e) => e.status === 'pending')).toHaveLength(1);
  });
});

describe('the lease is read again just before the hand-off', () => {
  it('an email still queued when its lease is about to run out is not handed over; the sweep calls it unknown, never sent', async () => {
    let clock = AT;
    // The first hand-off takes, by the sender's clock, most of the 70 s lease: the three queued behind
    // it in the one slot are left 5 s, less than a hand-off may take (2 + 2 + 5 s of timeouts).
    const slow = await startSmtpSink({
      onMessage: () => {
        clock = new Date(AT.getTime() + 65_000);
        return undefined;
      },
    });
    try {
      const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', sendingMode: 'sending' });
      await configureMail(tdb.db, org.id, { sink: slow, from: { name: 'Acme', email: 'accounts@acme.test' } });
      for (let i = 0; i < 4; i++) await dueReminder(tdb.db, org.id, org.templates.get('Friendly reminder') ?? '', AT);
      const deps = senderDepsFor(tdb.db, () => clock, { delivery: { concurrency: 1, leaseMs: 70_000 } });
      expect(await sendDueEmails(deps, { orgId: org.id })).toMatchObject({ sent: 1, lapsed: 3, unknown: 0 });
      expect(slow.messages).toHaveLength(1);
      const claimed = (await readEvents(tdb.db, org.id)).filter((e) => e.status === 'pending');
      expect(claimed).toHaveLength(3);
      expect(claimed.every((e) => e.claimedAt === AT.toISOString())).toBe(true);

      // Once their lease has run out, the next pass — any worker's — calls them unknown and sends none.
      clock = new Date(AT.getTime() + 70_001);
      expect(await sendDueEmails(deps, { orgId: org.id })).toMatchObject({ swept: 3, sent: 0 });
      expect((await readEvents(tdb.db, org.id)).map((e) => e.status).sort()).toEqual(['success', 'unknown', 'unknown', 'unknown']);
      expect(slow.messages).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
