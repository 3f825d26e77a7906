import type { DeliverySettings } from '../../config-slices/delivery';
import type { SmtpTimeouts } from '../../lib/smtp-transport';


/**
 * Emails claimed per organisation per transaction, per hand-off slot: enough to keep the slots
 * busy, few enough that a crash leaves few claims behind to be called unknown.
 */
export const CLAIMS_PER_SLOT = 4;

/**
 * The longest one hand-off normally takes: connecting, the greeting, then the conversation. The
 * socket timeout is a silence, not a total, so a server answering a byte at a time could take
 * longer; none that answers promptly does.
 */
export function handOffBoundMs(timeouts: SmtpTimeouts): number {
  return timeouts.connectionMs + timeouts.greetingMs + timeouts.socketMs;
}

/**
 * Whether a claimed email may still be handed over at `now`: only if its hand-off can end before
 * its lease does. Past that, another worker's sweep may call it unknown while it is on the wire,
 * and a person may send it again from there — a second copy (decision 0020).
 */
export function hasLeaseForHandOff(now: Date, leaseUntil: Date, timeouts: SmtpTimeouts): boolean {
  return now.getTime() + handOffBoundMs(timeouts) <= leaseUntil.getTime();
}

/**
 * Why SEND_LEASE_SECONDS is too short for the SMTP timeouts, or null. The pass claims a batch
 * (CLAIMS_PER_SLOT per slot) once fewer than one per slot are still queued, so the last email of a
 * batch waits for the hand-offs under way, the one left queued and the rest of its batch in its
 * slot — CLAIMS_PER_SLOT + 2 at most — then needs its own: CLAIMS_PER_SLOT + 3 hand-offs in all. A
 * shorter lease is safe, but an email that waited too long is not handed over and ends `unknown`
 * for a person to send again.
 */
export function leaseShortfall(delivery: Pick<DeliverySettings, 'leaseMs'>, timeouts: SmtpTimeouts): string | null {
  const handOffs = CLAIMS_PER_SLOT + 3;
  const needed = handOffs * handOffBoundMs(timeouts);
  if (delivery.leaseMs >= needed) return null;
  return `SEND_LEASE_SECONDS (${delivery.leaseMs / 1000}) is shorter than ${Math.ceil(needed / 1000)} s, ` +
    `${handOffs} hand-offs at the SMTP_*_TIMEOUT_MS limits: emails that wait their turn that long are not sent and end unknown`;
}
