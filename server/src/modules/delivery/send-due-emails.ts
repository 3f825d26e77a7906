import { sql } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { authOrganization } from '../../db/schema';
import { transportFor } from '../../lib/smtp-transport';
import { recheckStripeInvoices } from '../stripe/recheck-stripe-invoices';

import { claimDueEmails, findDueEmails } from './claim-due-emails';
import { recordHandOff, sweepExpiredClaims } from './event-outcomes';
import { handOff, type SendableEmail } from './hand-off';
import { handOffQueue } from './hand-off-queue';
import { isInSendWindow, loadOrgSending, notConfiguredReason, type OrgSending } from './org-sending';
import { CLAIMS_PER_SLOT, hasLeaseForHandOff, leaseShortfall } from './send-lease';
import type { SenderDeps } from './sender-deps';

/** A pass stops claiming after this long; the next (every minute) carries on. */
const PASS_BUDGET_MS = 50_000;

export interface SendSummary {
  swept: number;
  sent: number;
  drafted: number;
  failed: number;
  unknown: number;
  retried: number;
  superseded: number;
  /** Claimed but not handed over: its lease would have run out first; the sweep calls it unknown. */
  lapsed: number;
}

const emptySummary = (): SendSummary => ({ swept: 0, sent: 0, drafted: 0, failed: 0, unknown: 0, retried: 0, superseded: 0, lapsed: 0 });

export interface SendOptions {
  orgId?: string;
  /** How long the pass may keep claiming, in milliseconds (about 50 seconds). */
  budgetMs?: number;
  /** Called once when the first round leaves emails due: another worker may join in (scale-out). */
  onBacklog?: () => Promise<void>;
}

interface DueOrg {
  orgId: string;
  oldest: Date;
}

/**
 * The sender's pass (decision 0020). First the sweep: every claim whose lease ran out with no
 * outcome becomes `unknown`. Then, organisation by organisation — the one whose oldest due email
 * has waited longest first — due emails are claimed in batches, each organisation only inside
 * its send window and, in `sending`, at most SEND_RATE_PER_MINUTE hand-offs a minute (counted
 * across every worker in the database), and handed over at most SEND_CONCURRENCY at once. Rounds
 * repeat while anything was claimed, up to about 50 seconds. `orgId` narrows it to one organisation.
 */
export async function sendDueEmails(deps: SenderDeps, given: SendOptions = {}): Promise<SendSummary> {
  const options = { ...given };
  const started = Date.now();
  const summary = emptySummary();
  const handOffs = handOffQueue(deps.delivery.concurrency);
  const batchSize = deps.delivery.concurrency * CLAIMS_PER_SLOT;
  const contexts = new Map<string, OrgSending | null>();
  const warned = new Set<string>();
  const stripeChecks: StripeChecks = { checked: new Set(), waiting: new Set() };
  const shortLease = leaseShortfall(deps.delivery, deps.timeouts);
  if (shortLease) deps.log.warn(`sender: ${shortLease}`);

  let due = await findDueOrganisations(deps, options.orgId, summary);
  while (due.length > 0) {
    const more: DueOrg[] = [];
    for (const org of due) {
      const sending = await contextFor(deps, org.orgId, contexts);
      if (!sending) continue;
      const now = deps.now();
      if (sending.mail.mode !== 'disabled' && !isInSendWindow(now, sending.chasing.calendar)) continue;
      const blocked = sending.mail.mode === 'sending' ? notConfiguredReason(sending.mail) : null;
      if (blocked) {
        // Left pending: they go once the organisation's mail is configured again (decision 0020).
        if (!warned.has(org.orgId)) deps.log.warn(`sender: organisation ${org.orgId} has due emails but cannot send: ${blocked}`);
        warned.add(org.orgId);
        continue;
      }
      const budget = sending.mail.mode === 'sending'
        ? deps.delivery.ratePerMinute - (await recentHandOffs(deps, org.orgId, now))
        : batchSize;
      if (budget <= 0) continue;
      const batch = Math.min(budget, batchSize);
      const claimDeps = { db: deps.db, leaseMs: deps.delivery.leaseMs, replyKey: deps.delivery.replyKey };
      if (sending.mail.mode !== 'disabled') await recheckDueCustomers(deps, org.orgId, now, batch, stripeChecks);
      const round = await claimDueEmails(claimDeps, sending, now, batch, stripeChecks.waiting);
      summary.drafted += round.drafted;
      summary.superseded += round.superseded;
      summary.failed += round.failed;
      const leaseUntil = new Date(now.getTime() + deps.delivery.leaseMs);
      for (const email of round.toSend) handOffs.run(() => deliver(deps, sending, { ...email, leaseUntil }, summary));
      await handOffs.whenRoom();
      if (round.looked === batch) more.push(org);
    }
    if (more.length > 0 && options.onBacklog) {
      await options.onBacklog();
      delete options.onBacklog;
    }
    due = Date.now() - started < (options.budgetMs ?? PASS_BUDGET_MS) ? more : [];
  }
  try {
    await handOffs.drain();
  } catch (error) {
    deps.log.error('sender: a hand-off failed unexpectedly (its claim is left to the sweep)', error);
    throw error;
  }
  return summary;
}

/** A claimed email and when its claim's lease runs out. */
type ClaimedEmail = SendableEmail & { leaseUntil: Date };

async function deliver(deps: SenderDeps, sending: OrgSending, email: ClaimedEmail, summary: SendSummary): Promise<void> {
  const smtp = sending.mail.smtp;
  if (!smtp) return;
  if (!hasLeaseForHandOff(deps.now(), email.leaseUntil, deps.timeouts)) {
    // It waited its turn too long: handed over now, it could be swept as unknown while on the wire
    // and sent again by a person. Left to the sweep instead: unknown, but certainly not sent twice.
    summary.lapsed++;
    deps.log.warn(`sender: email ${email.eventId} not handed over: its claim's lease would run out before the mail server answered`);
    return;
  }
  const outcome = await handOff(transportFor(smtp, sending.mail.dkim, deps.timeouts), email);
  try {
    const status = await recordHandOff(deps.db, email, outcome, deps.now(), deps.delivery, null);
    // The server's words, never the message or the credentials.
    if (status !== 'success') deps.log.warn(`sender: email ${email.eventId} ${status === 'pending' ? 'to be retried' : status}: ${outcome.response}`);
    if (status === 'success') summary.sent++;
    else if (status === 'failure') summary.failed++;
    else if (status === 'unknown') summary.unknown++;
    else if (status === 'pending') summary.retried++;
  } catch (error) {
    // The claim stays: the sweep will call it unknown once its lease runs out. Never sent again on its own.
    deps.log.error(`sender: the outcome of email ${email.eventId} could not be recorded`, error);
  }
}

/** The customers whose Stripe invoices this pass re-checked, and those it could not: their emails wait. */
interface StripeChecks {
  checked: Set<string>;
  waiting: Set<string>;
}

/**
 * Before a round is claimed, re-read from Stripe the open invoices of the customers it would
 * write to (decision 0023), each customer once a pass: what Stripe has been paid is not chased.
 */
async function recheckDueCustomers(deps: SenderDeps, orgId: string, now: Date, limit: number, checks: StripeChecks): Promise<void> {
  if (!deps.stripe) return;
  const due = await withOrg(deps.db, orgId, (tx) => findDueEmails(tx, orgId, now, limit, checks.waiting));
  const fresh = [...new Set(due.map((d) => d.customer_id))].filter((id) => !checks.checked.has(id));
  if (fresh.length === 0) return;
  fresh.forEach((id) => checks.checked.add(id));
  const unreadable = await recheckStripeInvoices(deps, orgId, fresh);
  unreadable.forEach((id) => checks.waiting.add(id));
}

/** Every organisation's sweep, then those with due emails, the longest-waiting first. */
async function findDueOrganisations(deps: SenderDeps, orgId: string | undefined, summary: SendSummary): Promise<DueOrg[]> {
  const ids = orgId ? [orgId] : (await deps.db.select({ id: authOrganization.id }).from(authOrganization)).map((o) => o.id);
  const due: DueOrg[] = [];
  for (const id of ids) {
    const now = deps.now();
    const oldest = await withOrg(deps.db, id, async (tx) => {
      summary.swept += await sweepExpiredClaims(tx, id, now);
      const [row] = (await tx.execute<{ oldest: string | null }>(sql`
        select min(coalesce(next_attempt_at, scheduled_for)) as oldest from event
        where org_id = ${id} and status = 'pending' and claimed_at is null and scheduled_for <= ${now.toISOString()}::timestamptz
          and coalesce(next_attempt_at, scheduled_for) <= ${now.toISOString()}::timestamptz`)).rows;
      return row?.oldest ? new Date(row.oldest) : null;
    });
    if (oldest) due.push({ orgId: id, oldest });
  }
  return due.sort((a, b) => a.oldest.getTime() - b.oldest.getTime());
}

/** The organisation's settings, mail server and templates, read once per pass; null when its secrets cannot be opened. */
async function contextFor(deps: SenderDeps, orgId: string, cache: Map<string, OrgSending | null>): Promise<OrgSending | null> {
  if (cache.has(orgId)) return cache.get(orgId) ?? null;
  let sending: OrgSending | null = null;
  try {
    sending = await withOrg(deps.db, orgId, (tx) => loadOrgSending(tx, orgId, deps));
  } catch (error) {
    // A secret sealed with another key: nothing is sent rather than sent without it.
    deps.log.error(`sender: organisation ${orgId}'s mail settings cannot be read`, error instanceof Error ? error.message : error);
  }
  cache.set(orgId, sending);
  return sending;
}

/** Hand-offs claimed for the organisation in the last minute, by any worker. */
async function recentHandOffs(deps: SenderDeps, orgId: string, now: Date): Promise<number> {
  const [row] = await withOrg(deps.db, orgId, async (tx) => (await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from event
    where org_id = ${orgId} and claimed_at > ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`)).rows);
  return row?.n ?? 0;
}
