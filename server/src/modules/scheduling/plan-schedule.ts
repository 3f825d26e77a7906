import { addDays, organisationToday, type Standing } from '@receivables/contracts';

import { type DeferReason, localInstant, nextSendSlot, type SendCalendar } from '../../org/send-calendar';

import { capFreesAt, fitsWeeklyCap } from './weekly-cap';

/** One step of a workflow as the planner needs it. */
export interface PlanAction {
  id: string;
  standing: 'single_missed' | 'multiple_missed' | 'in_good_standing';
  /** Days after the anchor due date (negative: before it). */
  delayDays: number;
  position: number;
}

export interface PlanInput {
  now: Date;
  standing: Standing;
  /**
   * The due date the steps count from (decision 0036): the chase's oldest overdue one, or in good
   * standing the next invoice coming due. Null: nothing to count from, nothing planned.
   */
  anchorDay: string | null;
  /** Every action of the customer's workflow; only those of the current standing are planned. */
  actions: readonly PlanAction[];
  calendar: SendCalendar;
  weeklyCap: number;
  /** The customer's other reminders, sent or planned, from any workflow: they count towards the cap. */
  otherReminders: readonly Date[];
  /** Actions already sent, due or superseded in this episode: never planned again. */
  doneActionIds: ReadonlySet<string>;
  /**
   * Actions already promised by a future pending event: planned again (the event moves to the new
   * time), never skipped — a step the weekly cap deferred is late by design.
   */
  plannedActionIds?: ReadonlySet<string>;
  /** Actions that cannot be sent (no contact for their kind): placed, but they take no room under the cap. */
  unsendableActionIds?: ReadonlySet<string>;
  /**
   * When the episode's last email already out (sent, or due) went: the next step goes a minute after
   * it at the earliest, as it would have had they been planned together — so planning again at the
   * same clock, once a step has become due, places the rest where they were.
   */
  lastOut?: Date;
  /** The due day of the step that went out last (`lastOut`): a step due on a later day goes on a later day. */
  lastOutDueDay?: string;
  /**
   * Stripe's own retries of the overdue invoices (decision 0023): nothing goes before `from`, and
   * the steps whose time comes before it are caught up as if the customer reached them then;
   * while `holding` (Stripe still retrying), each step says it waits for the retries.
   */
  paymentRetries?: { from: Date; holding: boolean };
  /** No step before this: a notice just sent leaves the customer time to act on it (decision 0023). */
  quietUntil?: Date;
}

export interface PlannedStep {
  actionId: string;
  /** The day the workflow asks for: the episode's first day plus the action's delay. */
  dueDay: string;
  /** When it would go out: the first allowed slot on or after its due day, within the weekly cap. */
  sendAt: Date;
  /** Why it goes out later than the start of its due day's window, in the order met. */
  deferred: DeferReason[];
  /**
   * A later step's time had come too when this one was reached (the customer joined late, chasing
   * was held, or a workflow was assigned mid-chase): only the latest step whose time has come goes,
   * and this one is recorded as skipped (decision 0036). Never true of a step already planned.
   */
  skipped: boolean;
}

/**
 * The schedule a workflow produces for one customer from `now` (decision 0036): each not-yet-done
 * step of its current standing, timed in days from the anchor due date, in order, on the first
 * working day inside the send window on or after its due day, never on a public holiday, never
 * more than the weekly cap in any 7 days. A customer that reaches the workflow late starts at the
 * step its lateness calls for: of the steps whose time has already come, only the latest goes, the
 * earlier are skipped. Steps meant for different days go on different days. Pure: the preview
 * shows it, the scheduler materialises it, so the two always agree.
 */
export function planSchedule(input: PlanInput): PlannedStep[] {
  const { standing, calendar, anchorDay } = input;
  if (anchorDay === null || standing === 'paused') return [];
  const retries = input.paymentRetries;
  const notBeforeMs = firstSendAt(input).getTime();
  // The day the customer reaches the workflow: the steps due by then have "had their time".
  const reachedDay = organisationToday(calendar.timeZone, new Date(notBeforeMs));
  const ofStanding = input.actions
    .filter((a) => a.standing === standing)
    .sort((a, b) => a.delayDays - b.delayDays || a.position - b.position);
  const isPlanned = (id: string) => input.plannedActionIds?.has(id) ?? false;
  // The level the chase reached: no step before one already sent or planned is sent after it.
  const reached = ofStanding.findLastIndex((a) => input.doneActionIds.has(a.id) || isPlanned(a.id));
  const actions = ofStanding.filter((a) => !input.doneActionIds.has(a.id));
  const catchUp = ofStanding.filter((a, i) => i > reached && addDays(anchorDay, a.delayDays) <= reachedDay).at(-1);

  const reminders = [...input.otherReminders];
  const steps: PlannedStep[] = [];
  let notBefore = new Date(Math.max(notBeforeMs, (input.lastOut?.getTime() ?? 0) + 60_000));
  let previousDay = input.lastOut && input.lastOutDueDay ? { dueDay: input.lastOutDueDay, at: input.lastOut } : null;
  for (const action of actions) {
    const dueDay = addDays(anchorDay, action.delayDays);
    const behind = ofStanding.indexOf(action) < reached;
    const skipped = !isPlanned(action.id) && (dueDay <= reachedDay || behind) && action !== catchUp;
    const dueStart = localInstant(dueDay, calendar.windowStart, calendar.timeZone);
    // Steps keep their order (a later step never goes before an earlier one), and a step meant for
    // a later day than the one before it goes on a later day, however holidays or the cap moved that one.
    const dayAfterPrevious = previousDay && dueDay > previousDay.dueDay ? nextDayStart(previousDay.at, calendar) : 0;
    const from = new Date(Math.max(dueStart.getTime(), notBefore.getTime(), dayAfterPrevious));
    const placed = placeWithinCap(from, calendar, reminders, input.weeklyCap);
    const { at } = placed;
    const deferred: DeferReason[] = retries?.holding ? ['payment_retry', ...placed.deferred] : placed.deferred;
    steps.push({ actionId: action.id, dueDay, sendAt: at, deferred, skipped });
    // A step that will not go out (skipped, or nobody to write to) neither counts towards the cap
    // nor holds back the steps after it.
    if (skipped || input.unsendableActionIds?.has(action.id)) continue;
    reminders.push(at);
    notBefore = new Date(at.getTime() + 60_000);
    previousDay = { dueDay, at };
  }
  return steps;
}

/**
 * The earliest a plan can send: now, or after Stripe's hold or a notice's quiet day. The day it
 * falls on is the day the customer reaches the workflow (the catch-up's, and plan-customer's
 * choice of a repeat's latest past day).
 */
export function firstSendAt(input: Pick<PlanInput, 'now' | 'paymentRetries' | 'quietUntil'>): Date {
  return new Date(Math.max(input.now.getTime(), input.paymentRetries?.from.getTime() ?? 0, input.quietUntil?.getTime() ?? 0));
}

/** The send window's opening on the organisation's day after the one `at` falls on. */
function nextDayStart(at: Date, calendar: SendCalendar): number {
  return localInstant(addDays(organisationToday(calendar.timeZone, at), 1), calendar.windowStart, calendar.timeZone).getTime();
}

/** The first slot from `from` that the calendar allows and the weekly cap has room for. */
function placeWithinCap(
  from: Date,
  calendar: SendCalendar,
  reminders: readonly Date[],
  cap: number,
): { at: Date; deferred: DeferReason[] } {
  const deferred = new Set<DeferReason>();
  let candidate = from;
  for (let i = 0; i < 400; i++) {
    const slot = nextSendSlot(candidate, calendar);
    slot.deferred.forEach((r) => deferred.add(r));
    if (fitsWeeklyCap(slot.at, reminders, cap)) return { at: slot.at, deferred: [...deferred] };
    deferred.add('weekly_cap');
    candidate = capFreesAt(slot.at, reminders);
  }
  throw new Error('no room under the weekly cap within a year');
}
