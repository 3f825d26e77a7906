import { type EmailTemplate, organisationToday } from '@receivables/contracts';
import { and, count, eq, inArray, lt, ne } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { event } from '../../db/schema';
import { withLetterhead } from '../../lib/email-letterhead';
import type { ChasingContext } from '../../org/read-chasing-settings';

import { addressFor, loadCustomerMail, mergeDataFor, type Recipient } from './load-customer-mail';
import { renderEmail } from './render-email';

type EventRecord = typeof event.$inferSelect;

export interface LiveEmail {
  subject: string;
  html: string;
  text: string;
  to: Recipient[];
  cc: Recipient[];
  problem: string | null;
  /**
   * The letter would list no invoice (decision 0036): all paid since it was planned, or all in a
   * Stripe card retry. It must not go: a reminder of £0.00 is worse than none.
   */
  nothingOwed: boolean;
}

/**
 * Earlier emails of the same standing episode that were sent or are still to go (not superseded):
 * what `reminders_sent` counts, as the preview counts the steps before a step.
 */
async function countEarlierReminders(tx: Tx, e: EventRecord): Promise<number> {
  if (!e.episodeStart || !e.scheduledFor) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(event)
    .where(
      and(
        eq(event.orgId, e.orgId),
        eq(event.customerId, e.customerId),
        eq(event.direction, 'outbox'),
        eq(event.episodeStart, e.episodeStart),
        inArray(event.status, ['pending', 'success', 'draft_success', 'unknown']),
        lt(event.scheduledFor, e.scheduledFor),
        ne(event.id, e.id),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The day a pending email's figures are counted to (issue 29): the day it goes. Sent now (the
 * sender, Send now), that is today, however far ahead it was planned; shown before it goes, the
 * day it is planned for, and the email page says which.
 */
export function figuresDay(e: Pick<EventRecord, 'scheduledFor'>, timeZone: string, now: Date, sending: boolean): string {
  const goesAt = !sending && e.scheduledFor && e.scheduledFor > now ? e.scheduledFor : now;
  return organisationToday(timeZone, goesAt);
}

/**
 * A pending email as it reads on `day` (figuresDay): the customer's contacts and overdue invoices
 * as they are now, days late counted to that day, rendered by the one pipeline the preview, the
 * scheduler and the sender share. A template that cannot be rendered is a problem to show, not a
 * failed page: the email can still be read as stored and cancelled.
 */
export async function renderPendingEvent(
  tx: Tx,
  e: EventRecord,
  template: EmailTemplate,
  chasing: ChasingContext,
  now: Date,
  day: string,
): Promise<LiveEmail | { error: string }> {
  const today = organisationToday(chasing.settings.time_zone, now);
  const mail = await loadCustomerMail(tx, e.orgId, e.customerId, today);
  const data = mergeDataFor(mail, template.kind, {
    today: day,
    senderName: chasing.senderName,
    signature: chasing.signature,
    remindersSent: await countEarlierReminders(tx, e),
  });
  try {
    // The seed names the customer and step, as the preview's does, so `vary` picks the same words.
    const rendered = withLetterhead(await renderEmail(template, data, `${e.customerId}:${e.workflowActionId ?? template.id}`), chasing.letterhead);
    return { ...rendered, ...addressFor(mail, template.kind), nothingOwed: mail.invoices.length === 0 };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
