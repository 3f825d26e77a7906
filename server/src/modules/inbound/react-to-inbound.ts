import { addDays, type PauseReason } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { customer, orgSettings } from '../../db/schema';
import type { ChasingContext } from '../../org/read-chasing-settings';
import { dayRefusal } from '../../org/send-calendar';
import { pauseCustomer } from '../customers/pause-customer';

/** What receiving a message did to its customer's chasing, for the answer and the log. */
export interface InboundReaction {
  paused: { reason: PauseReason; until: string | null } | null;
}

/**
 * Chasing's answer to a received message (decision 0021, "Reacting"): a real reply pauses the
 * customer until resumed when the organisation pauses on reply; an out-of-office naming a return
 * day pauses it until the next working day after that. A pause already as long stays as it is.
 */
export async function reactToInbound(
  tx: Tx,
  orgId: string,
  customerId: string,
  message: { kind: 'reply' | 'auto_reply' | 'bounce'; eventId: string; returnsOn: string | null },
  chasing: ChasingContext,
  today: string,
): Promise<InboundReaction> {
  if (message.kind === 'reply') {
    if (!(await pausesOnReply(tx, orgId))) return { paused: null };
    return pauseIfShorter(tx, orgId, customerId, { reason: 'reply', until: null, eventId: message.eventId }, today);
  }
  if (message.kind === 'auto_reply' && message.returnsOn !== null) {
    const resumeOn = nextWorkingDayAfter(message.returnsOn, chasing);
    // paused_until is the last day paused: chasing starts again on the day after it.
    const until = addDays(resumeOn, -1);
    if (until <= today) return { paused: null };
    return pauseIfShorter(tx, orgId, customerId, { reason: 'out_of_office', until, eventId: message.eventId }, today);
  }
  return { paused: null };
}

/** The first working day, not a public holiday, after `day` in the organisation's calendar. */
export function nextWorkingDayAfter(day: string, chasing: ChasingContext): string {
  let next = addDays(day, 1);
  for (let i = 0; i < 366 && dayRefusal(next, chasing.calendar) !== null; i++) next = addDays(next, 1);
  return next;
}

async function pausesOnReply(tx: Tx, orgId: string): Promise<boolean> {
  const [row] = await tx.select({ pauseOnReply: orgSettings.pauseOnReply }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  // An organisation without a settings row has the column's default: on.
  return row?.pauseOnReply ?? true;
}

/** Pause unless the customer is already paused at least as long (indefinitely, or to a later day). */
async function pauseIfShorter(
  tx: Tx,
  orgId: string,
  customerId: string,
  pause: { reason: PauseReason; until: string | null; eventId: string },
  today: string,
): Promise<InboundReaction> {
  const [current] = await tx
    .select({ standing: customer.standing, pausedUntil: customer.pausedUntil })
    .from(customer)
    .where(and(eq(customer.orgId, orgId), eq(customer.id, customerId)));
  if (!current) return { paused: null };
  if (current.standing === 'paused') {
    const longer = current.pausedUntil === null || (pause.until !== null && current.pausedUntil >= pause.until);
    if (longer) return { paused: null };
  }
  const cause = { reason: pause.reason, eventId: pause.eventId };
  await pauseCustomer({ db: tx, orgId, actorId: null, today }, customerId, { until: pause.until }, cause);
  return { paused: { reason: pause.reason, until: pause.until } };
}
