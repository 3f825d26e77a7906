import { and, count, eq, lt, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { event, orgMailSettings, orgSettings } from '../../db/schema';

export interface SenderRow {
  sendingMode: 'sending' | 'dryrun' | 'disabled';
  fromName: string | null;
  fromEmail: string | null;
  replyToDomain: string | null;
  signature: string | null;
}
export type MailRow = typeof orgMailSettings.$inferSelect;
export interface MailRows {
  sender: SenderRow;
  mail: MailRow | undefined;
}

/**
 * The organisation's sender settings and its mail-settings row (secrets still sealed); `db` scoped
 * with withOrg. `forUpdate` locks the settings row, so the writes that keep "sending needs a server
 * and a from address" true never interleave.
 */
export async function readMailRows(db: DbOrTx, orgId: string, forUpdate = false): Promise<MailRows> {
  const query = db
    .select({
      sendingMode: orgSettings.sendingMode,
      fromName: orgSettings.fromName,
      fromEmail: orgSettings.fromEmail,
      replyToDomain: orgSettings.replyToDomain,
      signature: orgSettings.signature,
    })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  const [sender] = forUpdate ? await query.for('update') : await query;
  const [mail] = await db.select().from(orgMailSettings).where(eq(orgMailSettings.orgId, orgId));
  return { sender: sender ?? { sendingMode: 'dryrun', fromName: null, fromEmail: null, replyToDomain: null, signature: null }, mail };
}

/** Planned emails due before `now` + 24 h, the overdue ones included: what `sending` delivers first. */
export async function countDueNext24h(db: DbOrTx, orgId: string, now: Date): Promise<number> {
  const until = new Date(now.getTime() + 24 * 3_600_000);
  const [row] = await db
    .select({ n: count() })
    .from(event)
    .where(and(eq(event.orgId, orgId), eq(event.status, 'pending'), lt(event.scheduledFor, until)));
  return row?.n ?? 0;
}

/**
 * The first of the organisation's days on which planned emails go, and how many go then (decision
 * 0046): a plan already due counts as today's, since it goes at the next chance. Null when nothing
 * is planned.
 */
export async function findNextSendDay(db: DbOrTx, orgId: string, now: Date): Promise<{ day: string; emails: number } | null> {
  const zone = orgSettings.timezone;
  const day = sql<string>`greatest((${event.scheduledFor} at time zone ${zone})::date, (${now.toISOString()}::timestamptz at time zone ${zone})::date)::text`;
  const [first] = await db
    .select({ day, emails: count() })
    .from(event)
    .innerJoin(orgSettings, eq(orgSettings.orgId, event.orgId))
    .where(and(eq(event.orgId, orgId), eq(event.status, 'pending')))
    // By position: the day's expression carries a parameter, written out afresh at each mention.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .limit(1);
  return first ? { day: first.day, emails: first.emails } : null;
}
