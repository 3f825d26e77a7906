import { addDays, daysLate, organisationToday, type Standing } from '@receivables/contracts';

import { type DeferReason, localInstant, nextSendSlot, type SendCalendar } from '../../org/send-calendar';

import { capFreesAt, fitsWeeklyCap } from './weekly-cap';

/** One step of a workflow as the planner needs it. */
export interface PlanAction {
  id: string;
  standing: 'single_missed' | 'multiple_missed';
  delayDays: number;
  position: number;
}

export interface PlanInput {
  now: Date;
  standing: Standing;
  /** When the customer entered its current standing: the start of this episode. */
  standingSince: Date;
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
   * time), but never stale — a step the weekly cap deferred is late by design, not after an outage.
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
  /**
   * Stripe's own retries of the overdue invoices (decision 0023): the workflow's clock starts at
   * `from` when that is after the episode's start, and nothing goes before it; while `holding`
   * (Stripe still retrying), each step says it waits for the retries.
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
   * More days late than its own delay (at least one): after an outage such a step is no longer
   * what the workflow meant, so the scheduler supersedes it instead of sending it. Never true of
   * a step already planned (`plannedActionIds`).
   */
  stale: boolean;
}

/**
 * The schedule a workflow produces for one customer from `now` (docs/domain.md#workflows-and-templates):
 * each not-yet-done action of its current standing, in order, on the first working day inside the
 * send window on or after its due day, never on a public holiday, never more than the weekly cap in
 * any 7 days. Pure: the preview shows it, the scheduler materialises it, so the two always agree.
 */
export function planSchedule(input: PlanInput): PlannedStep[] {
  const { standing, calendar } = input;
  if (standing !== 'single_missed' && standing !== 'multiple_missed') return [];
  const today = organisationToday(calendar.timeZone, input.now);
  const retries = input.paymentRetries;
  const clockStart = retries && retries.from > input.standingSince ? retries.from : input.standingSince;
  const episodeStart = organisationToday(calendar.timeZone, clockStart);
  const actions = input.actions
    .filter((a) => a.standing === standing && !input.doneActionIds.has(a.id))
    .sort((a, b) => a.delayDays - b.delayDays || a.position - b.position);

  const reminders = [...input.otherReminders];
  const steps: PlannedStep[] = [];
  let notBefore = new Date(
    Math.max(input.now.getTime(), (input.lastOut?.getTime() ?? 0) + 60_000, retries?.from.getTime() ?? 0, input.quietUntil?.getTime() ?? 0),
  );
  for (const action of actions) {
    const dueDay = addDays(episodeStart, action.delayDays);
    const lateBy = daysLate(dueDay, today) ?? 0;
    const stale = !input.plannedActionIds?.has(action.id) && lateBy > Math.max(action.delayDays, 1);
    const dueStart = localInstant(dueDay, calendar.windowStart, calendar.timeZone);
    // Steps keep their order: a later step never goes before an earlier one.
    const from = new Date(Math.max(dueStart.getTime(), notBefore.getTime()));
    const placed = placeWithinCap(from, calendar, reminders, input.weeklyCap);
    const { at } = placed;
    const deferred: DeferReason[] = retries?.holding ? ['payment_retry', ...placed.deferred] : placed.deferred;
    steps.push({ actionId: action.id, dueDay, sendAt: at, deferred, stale });
    // A step that will not go out (stale, or nobody to write to) neither counts towards the cap
    // nor holds back the steps after it.
    if (stale || input.unsendableActionIds?.has(action.id)) continue;
    reminders.push(at);
    notBefore = new Date(at.getTime() + 60_000);
  }
  return steps;
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
