import { randomBytes } from 'node:crypto';

import { addDays, organisationToday } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../db/client';
import { pgArray } from '../db/pg-arrays';
import { inboundEmail } from '../db/schema';
import { replyTokenKey } from '../lib/derived-keys';
import { pauseCustomer } from '../modules/customers/pause-customer';
import { refreshCustomerFigures } from '../modules/customers/refresh-customer-figures';
import { recordTriageAction } from '../modules/inbound/apply-triage-action';
import { lockInboundEmail } from '../modules/inbound/inbound-email-view';
import { receiveInboundEmail } from '../modules/inbound/receive-inbound-email';
import { scheduleOrganisation } from '../modules/scheduling/schedule-organisation';
import { readOrganisationToday } from '../org/organisation-today';

const HOUR_MS = 3_600_000;

/** What the demo's customers wrote back: a payment claimed, a dispute, a copy asked for, an out-of-office; and one from a stranger. */
const REPLIES = [
  {
    hoursAgo: 50,
    subject: 'Re: Payment reminder',
    body: 'Hello,\n\nWe paid this on Friday by BACS, remittance attached to our last email. It should be with you by Wednesday.\n\nKind regards',
  },
  {
    hoursAgo: 26,
    subject: 'Re: Overdue invoices',
    body: 'Hi,\n\nWe dispute the second invoice: the goods never arrived, so we will not pay it until this is sorted out.\n\nThanks',
  },
  {
    hoursAgo: 7,
    subject: 'RE: Payment reminder',
    body: 'Good morning,\n\nCould you send me a copy of the invoice? I cannot find it in our system, so it has not been put forward for payment.\n\nMany thanks',
  },
  {
    hoursAgo: 3,
    subject: 'Automatic reply: Payment reminder',
    autoReply: true,
    body: 'Thank you for your email. I am out of the office until {return} with limited access to email.\n\nFor anything urgent, please contact our finance team at finance@{domain}.',
  },
] as const;

/**
 * A few replies in the demo's inbox, received through the real pipeline (decision 0021) as a
 * forwarding service would post them: matched to their customers by the sender's address, read,
 * triaged, and reacted to (pause on reply, the out-of-office pause). One from an address no
 * contact has waits unassigned, at the domain of a customer's contact, so the inbox offers it. The demo is in dry run, so nothing it sent can be answered by token.
 */
export async function seedDemoReplies(db: Db, orgId: string, now: Date, userId: string | null = null): Promise<void> {
  const contacts = await withOrg(db, orgId, async (tx) =>
    (
      await tx.execute<{ name: string | null; email: string }>(sql`
        select ct.name, ct.email from contact ct join customer c on c.id = ct.customer_id
        where c.org_id = ${orgId} and ct.role = 'primary' and c.standing in ('single_missed', 'multiple_missed')
        order by c.amount_overdue desc limit ${REPLIES.length + 1}`)
    ).rows,
  );
  const inbound = (at: Date) => ({
    db,
    replyKey: replyTokenKey(randomBytes(32)),
    attachmentMaxBytes: 5 * 1024 * 1024,
    delivery: { maxAttempts: 5, retryBaseMs: 60_000 },
    now: () => at,
  });
  const returnDay = new Date(now.getTime() + 9 * 24 * HOUR_MS).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  for (const [i, reply] of REPLIES.entries()) {
    const contact = contacts[i];
    if (!contact) break;
    const at = new Date(now.getTime() - reply.hoursAgo * HOUR_MS);
    const domain = contact.email.split('@')[1] ?? 'example.com';
    const body = reply.body.replace('{return}', returnDay).replace('{domain}', domain);
    const headers: Record<string, string> = 'autoReply' in reply ? { 'Auto-Submitted': 'auto-replied' } : {};
    const raw = message({ from: contact, subject: reply.subject, body, at, headers });
    await receiveInboundEmail(inbound(at), { raw, channel: 'webhook', envelopeFrom: null, envelopeTo: [], targets: [], orgId });
  }
  const strangerAt = new Date(now.getTime() - 5 * HOUR_MS);
  const colleagueDomain = contacts[REPLIES.length]?.email.split('@')[1] ?? 'newco-procurement.example';
  const stranger = message({
    // A colleague at a customer the demo knows, from an address it does not: the inbox offers that
    // customer by the domain (decision 0044).
    from: { name: 'Morgan Blake', email: `morgan.blake@${colleagueDomain}` },
    subject: 'Invoice query',
    body: 'Hello,\n\nI have taken over accounts payable from my colleague. Could you send me a statement of our account?\n\nMorgan',
    at: strangerAt,
    headers: {},
  });
  const posted = { channel: 'webhook' as const, envelopeFrom: null, envelopeTo: [], targets: [], orgId };
  await receiveInboundEmail(inbound(strangerAt), { ...posted, raw: stranger });
  await seedBrokenPromise(db, orgId, now, userId, contacts.map((c) => c.email), inbound);
}

/** How many days ago the promise was made, and the day it named, counted back from today. */
const PROMISE_MADE_DAYS_AGO = 3;
const PROMISED_DAYS_AGO = 2;

/**
 * A promise to pay that was not kept, as Home's To do lists one (decision 0040): a customer wrote
 * three days ago that it would pay the next day, the demo's person recorded the promise (chasing
 * waited through that day), and it still owes. The customer is one nothing was sent to in those
 * days, so no email of the demo's history went out while it was paused.
 */
async function seedBrokenPromise(
  db: Db,
  orgId: string,
  now: Date,
  userId: string | null,
  taken: string[],
  inbound: (at: Date) => Parameters<typeof receiveInboundEmail>[0],
): Promise<void> {
  const at = new Date(now.getTime() - PROMISE_MADE_DAYS_AGO * 24 * HOUR_MS);
  const [debtor] = await withOrg(db, orgId, async (tx) =>
    (
      await tx.execute<{ id: string; name: string | null; email: string }>(sql`
        select c.id, ct.name, ct.email from contact ct join customer c on c.id = ct.customer_id
        where c.org_id = ${orgId} and ct.role = 'primary' and c.standing in ('single_missed', 'multiple_missed')
          and ct.email <> all(${pgArray(taken)}::text[])
          and not exists (select 1 from event e where e.org_id = c.org_id and e.customer_id = c.id and e.direction = 'outbox'
                          and e.status in ('success', 'draft_success') and e.sent_at >= ${at.toISOString()}::timestamptz)
        order by c.amount_overdue desc limit 1`)
    ).rows,
  );
  if (!debtor) return;
  const promisedOn = addDays(organisationToday('UTC', now), -PROMISED_DAYS_AGO);
  const named = new Date(`${promisedOn}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const raw = message({
    from: debtor,
    subject: 'Re: Payment reminder',
    body: `Hi,\n\nApologies for the delay. The payment is approved and will go out on ${named}.\n\nBest regards`,
    at,
    headers: {},
  });
  const outcome = await receiveInboundEmail(inbound(at), { channel: 'webhook', envelopeFrom: null, envelopeTo: [], targets: [], orgId, raw });
  if (outcome.status !== 'stored') return;
  const madeOn = organisationToday('UTC', at);
  // Recorded by the demo's person the morning it arrived: read, the promise kept on the customer.
  await pauseCustomer({ db, orgId, actorId: userId, today: madeOn }, debtor.id, { until: addDays(promisedOn, 1) }, { reason: 'promise', eventId: null });
  await withOrg(db, orgId, async (tx) => {
    const stored = await lockInboundEmail(tx, orgId, outcome.inboundEmailId);
    await recordTriageAction(tx, { orgId, actorId: userId }, stored, 'record_promise', { promised_on: promisedOn });
    await tx.update(inboundEmail).set({ readAt: at, triageActedAt: at }).where(sql`${inboundEmail.id} = ${stored.id}`);
    await tx.execute(sql`update customer set pause_event_id = ${stored.eventId} where org_id = ${orgId} and id = ${debtor.id}`);
    // The pause ended yesterday: chasing resumed, the debt still owed.
    await refreshCustomerFigures(tx, orgId, { today: await readOrganisationToday(tx, orgId, now), now });
  });
  await scheduleOrganisation(db, orgId, now, { onlyDue: false });
}

interface DemoMessage {
  from: { name: string | null; email: string };
  subject: string;
  body: string;
  at: Date;
  headers: Record<string, string>;
}

function message(m: DemoMessage): Buffer {
  const head = {
    From: m.from.name ? `${m.from.name} <${m.from.email}>` : m.from.email,
    To: 'accounts@demo-trading.example',
    Subject: m.subject,
    Date: m.at.toUTCString(),
    'Message-ID': `<${crypto.randomUUID()}@${m.from.email.split('@')[1] ?? 'example.com'}>`,
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...m.headers,
  };
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${m.body.replace(/\n/g, '\r\n')}\r\n`, 'utf8');
}
