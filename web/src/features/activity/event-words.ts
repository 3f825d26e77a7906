import type { ChipProps } from '@mui/material/Chip';
import type { EventRow, EventStatus, EventTab } from '@receivables/contracts';

import { formatClockInZone, formatLongDate } from '../../lib/format';

/** Activity's tabs, in order (docs/product.md, Routes). */
export const TAB_LABELS: Record<EventTab, string> = { outbox: 'Outbox', inbox: 'Inbox', all: 'All' };

/**
 * Each status's chip colour; the label (EVENT_STATUS_LABELS) always says it in words too. Planned
 * is information, Sent success, a dry-run Draft the secondary colour, Failed an error, Unknown a
 * warning for a person to look at, Received the primary colour, Superseded grey: nothing to do.
 */
export const EVENT_STATUS_COLOURS: Record<EventStatus, NonNullable<ChipProps['color']>> = {
  pending: 'info',
  success: 'success',
  draft_success: 'secondary',
  failure: 'error',
  superseded: 'default',
  incoming: 'primary',
  unknown: 'warning',
};

const parts = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(date);
};

/**
 * "3 November 2026" and "09:00" of an instant on the organisation's clock, the one the send window
 * is set in (as the workflow preview shows times), not the viewer's.
 */
export function formatEventDay(iso: string, timeZone: string): string {
  return parts(iso, timeZone, { dateStyle: 'long' }) ?? 'N/A';
}

/** "3 Nov 2026": the same day, short, for a phone's narrow column. */
export function formatEventShortDay(iso: string, timeZone: string): string {
  return parts(iso, timeZone, { day: 'numeric', month: 'short', year: 'numeric' }) ?? 'N/A';
}

/** "3 November 2026 at 09:00": an instant on the organisation's clock, in one phrase. */
export function formatEventInstant(iso: string, timeZone: string): string {
  return `${formatEventDay(iso, timeZone)} at ${formatClockInZone(iso, timeZone)}`;
}

/** What "when" means for this email: it goes, went, was planned for, or arrived then. */
export function describeWhenWord(row: Pick<EventRow, 'status' | 'direction' | 'sent_at'>): string {
  if (row.direction === 'inbox') return 'Received';
  if (row.status === 'pending') return 'Goes out';
  if (row.status === 'superseded') return 'Was planned for';
  if (row.status === 'draft_success') return 'Drafted';
  if (row.status === 'failure' || (row.status === 'unknown' && !row.sent_at)) return 'Tried';
  return row.sent_at ? 'Sent' : 'Planned for';
}

/** "Pat Primary <pat@example.com>, …", or the address alone when there is no name. */
export function describeAddresses(recipients: readonly { name: string | null; email: string }[]): string {
  return recipients.map((r) => (r.name ? `${r.name} <${r.email}>` : r.email)).join(', ');
}

/** Why a tab is empty, in words: what would fill it. */
export function emptyTabText(tab: EventTab, customerName: string | null): { title: string; body: string } {
  const whose = customerName ? ` for ${customerName}` : '';
  switch (tab) {
    case 'outbox':
      return {
        title: `Nothing planned yet${whose}`,
        body: 'Emails appear here when a customer falls behind and their workflow plans a reminder; what was sent stays here too.',
      };
    case 'inbox':
      return {
        title: `No replies yet${whose}`,
        body: 'Replies to your reminders land here, threaded under the email they answer, with a suggested next step. Replies reach us through your reply-to domain, set in Settings → Email.',
      };
    case 'all':
      return {
        title: `No emails yet${whose}`,
        body: 'Reminders appear here when a customer falls behind and their workflow plans one, and replies when customers answer.',
      };
  }
}

/**
 * What the email page says of a planned email rendered afresh (issue 29): whose day's figures it
 * shows. Planned ahead, the day it is planned to go; sent now, it would say today's.
 */
export function liveRenderWords(day: string | null, today: string): string | undefined {
  if (day === null) return undefined;
  if (day <= today) return 'Rendered from today’s figures: what would go out now.';
  return `Rendered as it will read on ${formatLongDate(day)}, the day it is planned to go. Sent now, it counts days late to today.`;
}
