import { and, eq, inArray, sql } from 'drizzle-orm';

import { type Db, type Tx, withOrg } from '../../db/client';
import { event } from '../../db/schema';
import { uuidArray } from '../../db/uuid-array';

import { lockForSending } from './episode-check';
import { claimForHandOff, failUnsendable, keepDraft, supersedeForSending } from './event-outcomes';
import { isSendable, type SendableEmail } from './hand-off';
import type { OrgSending } from './org-sending';
import { isUnsendable, prepareEmail } from './prepare-email';

/**
 * The next `limit` emails due to go (pending, unclaimed, due, their retry's wait over), oldest
 * first, but those of the `waiting` customers (whose Stripe invoices could not be re-checked).
 */
export async function findDueEmails(
  tx: Tx,
  orgId: string,
  now: Date,
  limit: number,
  waiting: ReadonlySet<string> = new Set(),
): Promise<{ id: string; customer_id: string }[]> {
  const at = now.toISOString();
  const due = await tx.execute<{ id: string; customer_id: string }>(sql`
    select id, customer_id from event
    where org_id = ${orgId} and status = 'pending' and claimed_at is null and scheduled_for <= ${at}::timestamptz
      and coalesce(next_attempt_at, scheduled_for) <= ${at}::timestamptz
      and customer_id <> all(${uuidArray([...waiting])})
    order by coalesce(next_attempt_at, scheduled_for), id limit ${limit}`);
  return due.rows;
}

export interface ClaimRound {
  /** Claimed, content and Message-ID committed: to hand over now. */
  toSend: SendableEmail[];
  drafted: number;
  superseded: number;
  failed: number;
  /** Due emails looked at: fewer than the limit means the organisation has nothing more due now. */
  looked: number;
}

/**
 * One organisation's due emails, oldest first, at most `limit`, in ONE committed transaction
 * (decision 0020): each still pending, unclaimed and due is locked (its customer first, in id
 * order as the scheduler does), checked against its customer's current episode, and rendered;
 * then in `dryrun` kept as a draft (but an answer a person sent, retried, is claimed), in `sending` claimed for the hand-off that follows the commit,
 * in `disabled` superseded (`sending_disabled`). An email another worker holds is skipped.
 */
export async function claimDueEmails(
  deps: { db: Db; leaseMs: number; replyKey: Buffer },
  sending: OrgSending,
  now: Date,
  limit: number,
  waiting: ReadonlySet<string> = new Set(),
): Promise<ClaimRound> {
  const { orgId } = sending;
  const at = now.toISOString();
  return withOrg(deps.db, orgId, async (tx) => {
    const round: ClaimRound = { toSend: [], drafted: 0, superseded: 0, failed: 0, looked: 0 };
    const due = await findDueEmails(tx, orgId, now, limit, waiting);
    round.looked = due.length;
    const locked = await lockForSending(tx, orgId, due.map((r) => r.id), sql`
      e.status = 'pending' and e.claimed_at is null and coalesce(e.next_attempt_at, e.scheduled_for) <= ${at}::timestamptz`, now);
    if (locked.length === 0) return round;
    const rows = await tx.select().from(event).where(and(eq(event.orgId, orgId), inArray(event.id, locked.map((l) => l.id))));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const l of locked) {
      const row = byId.get(l.id);
      if (!row) continue;
      const refusal = sending.mail.mode === 'disabled' ? 'sending_disabled' : l.refusal;
      if (refusal) {
        await supersedeForSending(tx, orgId, now, l.id, refusal, null);
        round.superseded++;
        continue;
      }
      const email = await prepareEmail(tx, sending, row, now, deps.replyKey);
      if (isUnsendable(email)) {
        // Nobody to write to, or nothing left to ask for: the email's reason to go went away.
        if (email.reason === 'no_recipient' || email.reason === 'nothing_owed') {
          await supersedeForSending(tx, orgId, now, l.id, email.reason, null);
          round.superseded++;
        } else {
          await failUnsendable(tx, orgId, now, l.id, email.reason, email.error, null);
          round.failed++;
        }
      } else if (sending.mail.mode === 'dryrun' && row.answersEventId === null) {
        // An answer a person chose to send (an invoice copy) is retried as sent, not kept as a draft.
        await keepDraft(tx, email, now);
        round.drafted++;
      } else if (isSendable(email)) {
        await claimForHandOff(tx, email, now, deps.leaseMs, null);
        round.toSend.push(email);
      }
    }
    return round;
  });
}
