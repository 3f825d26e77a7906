import type { EventStatus } from '@receivables/contracts';

/** The statuses a person may send by hand: planned, drafted, unknown or failed. */
export const EXECUTABLE: ReadonlySet<EventStatus> = new Set(['pending', 'draft_success', 'unknown', 'failure']);

const NOT_AGAIN: Partial<Record<EventStatus, string>> = {
  success: 'This email has already been sent',
  superseded: 'This email was superseded: it will not be sent',
  incoming: 'This is a received email: it cannot be sent',
};

/** Why an email cannot be sent by hand in its current status (409), or null when it can. */
export function executeConflict(e: { status: EventStatus; direction: string; claimedAt: Date | null }): string | null {
  if (e.direction !== 'outbox') return NOT_AGAIN.incoming ?? null;
  if (!EXECUTABLE.has(e.status)) return NOT_AGAIN[e.status] ?? `This email is ${e.status}`;
  // A claim is in flight while the email is still pending; an outcome keeps claimed_at as a record.
  if (e.status === 'pending' && e.claimedAt) return 'This email is being handed to the mail server right now';
  return null;
}
