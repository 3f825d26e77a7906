import type { DeferReason, WorkflowPreview } from '@receivables/contracts';

/** Why an email goes out later than the start of its day, in the words of the Settings screen. */
export const DEFER_REASON_WORDS: Record<DeferReason, string> = {
  not_a_working_day: 'moved past a non-working day',
  public_holiday: 'moved past a public holiday',
  outside_send_window: 'moved into the sending hours',
  weekly_cap: 'held back by the weekly cap',
  payment_retry: 'waiting while Stripe retries the card',
};

/** "Later than its day: moved past a public holiday, held back by the weekly cap"; null when on time. */
export function describeDeferral(reasons: readonly DeferReason[]): string | null {
  if (reasons.length === 0) return null;
  return `Later than its day: ${reasons.map((r) => DEFER_REASON_WORDS[r]).join(', ')}`;
}

/** "Ada Lovelace <ada@example.com>", or the address alone when there is no name. */
export function describeRecipients(recipients: WorkflowPreview['steps'][number]['to']): string {
  return recipients.map((r) => (r.name ? `${r.name} <${r.email}>` : r.email)).join(', ');
}

/**
 * "3 November 2026 at 09:00": the long en-GB date (docs/product.md, Constants) and the time, in the
 * organisation's zone, because that is the clock the send window is set in — not the viewer's.
 */
export function formatSendTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}
