import { type EventDetail, type EventHistoryEntry, STATUS_REASON_LABELS } from '@receivables/contracts';
import { and, asc, eq } from 'drizzle-orm';

import { type Db, type Tx, withOrg } from '../../db/client';
import { eventStatusChange, orgSettings, workflow } from '../../db/schema';
import { readActorNames } from '../../org/actor-names';
import { readChasingContext } from '../../org/read-chasing-settings';
import { episodeRefusal } from '../delivery/episode-check';
import { executeConflict } from '../delivery/execute-rules';
import { showLogo } from '../delivery/inline-logo';
import { hasWrittenContent } from '../delivery/prepare-email';
import { readSendingReadiness } from '../delivery/sending-readiness';
import { selectEmailTemplates } from '../emails/email-template-record';
import { figuresDay, type LiveEmail, renderPendingEvent } from '../emails/render-pending-event';
import { readInboundDetail } from '../inbound/inbound-email-view';
import { readThread } from '../inbound/read-thread';

import { type EventRowRecord, requireEventRow, toEventRow, toRecipients, toStatusReason } from './event-records';


type HistoryRow = Omit<EventHistoryEntry, 'actor_name'>;
type EventRecord = EventRowRecord['event'];

/** What the detail shows of the email itself, and whether it was rendered just now. */
interface ShownEmail extends LiveEmail {
  live: boolean;
  /** The day a live rendering counts its figures to (figuresDay); null when shown as stored. */
  liveDay: string | null;
  from: string | null;
  kind: Pick<EventDetail, 'kind' | 'tone'>;
}

/** Who it comes from: as sent, or for a planned email the organisation's sender as it is now. */
async function readSender(tx: Tx, orgId: string, senderName: string): Promise<string | null> {
  const [settings] = await tx.select({ fromEmail: orgSettings.fromEmail }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  if (!settings?.fromEmail) return null;
  return senderName ? `${senderName} <${settings.fromEmail}>` : settings.fromEmail;
}

/** An email as kept: one sent keeps its logo as `cid:` only (decision 0038), shown with the organisation's logo. */
async function storedHtml(tx: Tx, orgId: string, html: string): Promise<string> {
  if (!html.includes('cid:')) return html;
  const [settings] = await tx.select({ logo: orgSettings.logo }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  return showLogo(html, settings?.logo ?? null);
}

/**
 * The email as stored, or for a pending one whose template still exists, rendered afresh. A
 * template that no longer renders leaves the stored email, with the reason as its problem.
 */
async function showEmail(tx: Tx, orgId: string, e: EventRecord, now: Date): Promise<ShownEmail> {
  const stored: ShownEmail = {
    subject: e.subject ?? '(no subject)',
    html: await storedHtml(tx, orgId, e.html ?? ''),
    text: e.text ?? '',
    to: toRecipients(e.toAddresses),
    cc: toRecipients(e.ccAddresses),
    problem: null,
    nothingOwed: false,
    live: false,
    liveDay: null,
    from: e.fromAddress,
    kind: { kind: e.kind, tone: e.tone },
  };
  if (e.status !== 'pending') return stored;
  const chasing = await readChasingContext(tx, orgId);
  const from = e.fromAddress ?? (await readSender(tx, orgId, chasing.senderName));
  const [template] = e.emailId ? await selectEmailTemplates(tx, orgId, e.emailId) : [];
  if (!template) return { ...stored, from };
  const day = figuresDay(e, chasing.settings.time_zone, now, false);
  const rendered = await renderPendingEvent(tx, e, template, chasing, now, day);
  if ('error' in rendered) {
    return { ...stored, from, problem: `Its template cannot be rendered (${rendered.error}); this is the email as it was planned` };
  }
  // A letter with nothing to ask for says so, and cannot be sent by hand (decision 0036).
  const problem = rendered.problem ?? (rendered.nothingOwed ? STATUS_REASON_LABELS.nothing_owed : null);
  return { ...rendered, problem, live: true, liveDay: day, from, kind: { kind: template.kind, tone: template.tone } };
}

/**
 * Whether `POST /api/events/execute/{id}/` would send it now (decision 0020): a planned, drafted,
 * unknown or failed email, not in flight, of an organisation that can send, whose customer is
 * still in the episode it chases, and that can be rendered and addressed.
 */
async function isExecutable(
  tx: Tx,
  orgId: string,
  e: EventRecord,
  shown: ShownEmail,
  instanceSmtpUrl: string | undefined,
  now: Date,
): Promise<boolean> {
  // An email needs its template, or (an answer to a reply, a notice) the content it was written with.
  if (executeConflict(e) !== null || (e.emailId === null && !hasWrittenContent(e))) return false;
  if (e.status === 'pending' && !hasWrittenContent(e) && (!shown.live || shown.problem !== null)) return false;
  if ((await readSendingReadiness(tx, orgId, instanceSmtpUrl)).blocked !== null) return false;
  return (await episodeRefusal(tx, orgId, e.id, now)) === null;
}

/**
 * One email of the organisation as its customer sees (or will see) it, and its history with the
 * names of whoever changed it. A pending email is rendered afresh while its template exists;
 * anything else is what was stored. Another organisation's is NOT_FOUND.
 */
export async function getEvent(
  deps: { db: Db; orgId: string; instanceSmtpUrl?: string | undefined },
  id: string,
  now = new Date(),
): Promise<EventDetail> {
  const { detail, history } = await withOrg(deps.db, deps.orgId, async (tx) => {
    const record = await requireEventRow(tx, deps.orgId, id);
    const e = record.event;
    const [wf] = e.workflowId
      ? await tx
        .select({ id: workflow.id, name: workflow.name })
        .from(workflow)
        .where(and(eq(workflow.orgId, deps.orgId), eq(workflow.id, e.workflowId)))
      : [];
    const changes: HistoryRow[] = (
      await tx
        .select()
        .from(eventStatusChange)
        .where(and(eq(eventStatusChange.orgId, deps.orgId), eq(eventStatusChange.eventId, id)))
        .orderBy(asc(eventStatusChange.at), asc(eventStatusChange.id))
    ).map((c) => ({ status: c.status, reason: toStatusReason(c.reason), actor_id: c.actorId, at: c.at.toISOString() }));

    const shown = await showEmail(tx, deps.orgId, e, now);
    const canExecute = await isExecutable(tx, deps.orgId, e, shown, deps.instanceSmtpUrl, now);
    const detail: Omit<EventDetail, 'history'> = {
      ...toEventRow(record),
      ...shown.kind,
      subject: shown.subject,
      to: shown.to,
      cc: shown.cc,
      from: shown.from,
      html: shown.html,
      text: shown.text,
      workflow: wf ?? null,
      standing: e.standing,
      due_day: e.dueDay,
      error: e.error,
      can_cancel: e.status === 'pending' && e.claimedAt === null,
      message_id: e.messageId,
      smtp_response: e.smtpResponse,
      attempts: e.attempts,
      next_attempt_at: e.nextAttemptAt?.toISOString() ?? null,
      can_execute: canExecute,
      live_render: shown.live,
      live_render_day: shown.liveDay,
      problem: shown.problem,
      reply: e.direction === 'inbox' ? await readInboundDetail(tx, deps.db, deps.orgId, { eventId: e.id }) : null,
      thread: await readThread(tx, deps.orgId, e),
    };
    return { detail, history: changes };
  });
  // The auth tables are out of the organisation's role's reach: names are read on the pool (timeline/actor-names).
  const names = await readActorNames(deps.db, history.flatMap((h) => (h.actor_id ? [h.actor_id] : [])));
  return { ...detail, history: history.map((h) => ({ ...h, actor_name: h.actor_id ? (names.get(h.actor_id) ?? null) : null })) };
}
