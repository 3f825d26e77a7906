import {
  EVENT_STATUS_LABELS,
  type EventDetail,
  type EventRow,
  type SendingMode,
  STATUS_REASON_LABELS,
  type StatusReason,
} from '@receivables/contracts';
import type { VariantType } from 'notistack';

import { describeAddresses, formatEventInstant } from './event-words';

/**
 * Why an email failed or is unknown, short enough for Activity's status column; the contracts'
 * label says it in full (the row's tooltip, the email's page).
 */
const SHORT_REASONS: Partial<Record<StatusReason, string>> = {
  outcome_unknown: 'May or may not have arrived',
  rejected: 'Refused by the mail server',
  retries_exhausted: 'Mail server unreachable; gave up',
  not_sendable: 'Could not be rendered or addressed',
  not_configured: 'No mail server set up',
};

/** A failed or unknown row's reason, short and in full; null for any other row. */
export function describeRowProblem(row: Pick<EventRow, 'status' | 'status_reason'>): { short: string; full: string } | null {
  if (row.status !== 'failure' && row.status !== 'unknown') return null;
  const reason = row.status_reason ?? (row.status === 'unknown' ? 'outcome_unknown' : null);
  if (reason === null) return { short: 'Not sent', full: 'The email was not sent.' };
  return { short: SHORT_REASONS[reason] ?? STATUS_REASON_LABELS[reason], full: STATUS_REASON_LABELS[reason] };
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** Whether a person sends it for the first time (planned, a draft) or again (failed, unknown). */
export const isSendAgain = (event: Pick<EventDetail, 'status'>): boolean => event.status === 'unknown' || event.status === 'failure';

export interface SendConfirmation {
  title: string;
  confirmLabel: string;
  /** What to weigh before sending: an unknown email may already have arrived. */
  warning: string | null;
  lines: string[];
}

/**
 * What "Send now" or "Send again" will do, in the words of the confirmation: to whom, through
 * what, and what becomes of the plan. A person's send goes out whatever the mode but disabled
 * (which offers no send) and whatever the send window: in dry run too, which is said, since
 * nothing else leaves then. `mode` undefined: not known yet.
 */
export function describeSendConfirmation(event: EventDetail, mode: SendingMode | undefined, timeZone: string): SendConfirmation {
  const again = isSendAgain(event);
  const to = event.to.length > 0 ? describeAddresses(event.to) : 'nobody';
  const cc = event.cc.length > 0 ? `, with ${describeAddresses(event.cc)} in copy` : '';
  const lines = [`“${event.subject}” goes now to ${to}${cc}, through your mail server.`];
  if (mode === 'dryrun') lines.push('Your organisation is in dry run, but this email really is sent: you are choosing to send it.');
  if (event.status === 'pending' && event.scheduled_for) {
    lines.push(`It was planned for ${formatEventInstant(event.scheduled_for, timeZone)} (${timeZone}); it will not go again then.`);
  }
  if (event.status === 'draft_success') lines.push('It was only kept as a draft in dry run: the customer has not received it.');
  if (event.status === 'failure') {
    lines.push(event.status_reason ? `The last attempt failed: ${lowerFirst(STATUS_REASON_LABELS[event.status_reason])}.` : 'The last attempt failed.');
  }
  return {
    title: again ? 'Send this email again?' : 'Send this email now?',
    confirmLabel: again ? 'Send again' : 'Send now',
    warning:
      event.status === 'unknown'
        ? `It may already have arrived: sending again may give ${event.customer_name} a second copy. If you can, check with them first.`
        : null,
    lines,
  };
}

/** The toast after a send by hand, from the email as the server answered it. */
export function describeSendOutcome(event: EventDetail, timeZone: string): { message: string; variant: VariantType } {
  switch (event.status) {
    case 'success':
      return { message: `Sent to ${describeAddresses(event.to)}`, variant: 'success' };
    case 'draft_success':
      return { message: 'Kept as a draft (dry run): nothing was sent', variant: 'info' };
    case 'failure':
      return { message: `Not sent: ${event.status_reason ? STATUS_REASON_LABELS[event.status_reason] : 'the mail server refused it'}`, variant: 'error' };
    case 'unknown':
      return { message: 'Its outcome is not known: it may or may not have arrived', variant: 'warning' };
    case 'pending':
      return {
        message: event.next_attempt_at
          ? `Not sent yet: the mail server could not take it. The sender tries again at ${formatEventInstant(event.next_attempt_at, timeZone)}`
          : 'Not sent yet',
        variant: 'warning',
      };
    default:
      return { message: `The email is now ${EVENT_STATUS_LABELS[event.status].toLowerCase()}`, variant: 'info' };
  }
}
