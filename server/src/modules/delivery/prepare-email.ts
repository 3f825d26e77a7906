import { randomUUID } from 'node:crypto';

import { STATUS_REASON_LABELS, type StatusReason } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { type event, inboundEmail } from '../../db/schema';
import type { Recipient } from '../emails/load-customer-mail';
import { figuresDay, renderPendingEvent } from '../emails/render-pending-event';

import { keptHtml, showLogo } from './inline-logo';
import { formatAddress, fromHeader, type OrgSending } from './org-sending';
import { replyAddress } from './reply-token';

type EventRecord = typeof event.$inferSelect;

/** One email ready to hand over (or, in dry run, to keep): rendered, addressed, its headers chosen. */
export interface OutgoingEmail {
  eventId: string;
  orgId: string;
  customerId: string;
  from: { name: string; address: string } | null;
  to: Recipient[];
  cc: Recipient[];
  subject: string;
  html: string;
  text: string;
  /** Our own Message-ID, `<uuid@from-domain>`; null when there is no from address (a dry-run draft). */
  messageId: string | null;
  replyTo: string | null;
  /** The Message-ID of the received email this one answers (an invoice copy, a written answer), for the customer's mail client to thread it. */
  inReplyTo: string | null;
  /**
   * An answer's References: the conversation's Message-IDs, oldest first, ending with the one it
   * answers (RFC 5322 3.6.4), so clients that thread by References alone keep it in place. Absent
   * when it answers nothing: then In-Reply-To alone is sent, if any.
   */
  references?: string[];
}

/** Why an email that fell due cannot be made: its reason and the words kept on the event. */
export interface Unsendable {
  reason: StatusReason;
  error: string;
}

/**
 * Render a due email exactly as its detail and the workflow preview show it (the one pipeline,
 * render-pending-event.ts), from the customer's figures and contacts now, and address it: our
 * Message-ID and, when the organisation has an inbound domain, a signed Reply-To (docs/decisions/0021-replies.md).
 * A missing contact supersedes it (`no_recipient`, as the scheduler would); a template deleted or
 * failing to render fails it (`not_sendable`, with the error).
 */
export async function prepareEmail(
  tx: Tx,
  sending: OrgSending,
  e: EventRecord,
  now: Date,
  replyKey: Buffer,
): Promise<OutgoingEmail | Unsendable> {
  const logo = sending.chasing.letterhead?.logo ?? null;
  const rendered = hasWrittenContent(e) ? writtenContent(e, logo) : await renderedContent(tx, sending, e, now);
  if ('reason' in rendered) return rendered;
  const from = fromHeader(sending);
  const domain = from?.address.split('@').at(-1) ?? null;
  const subject = { orgId: e.orgId, customerId: e.customerId, eventId: e.id };
  const answered = e.answersEventId !== null && e.inReplyTo !== null ? { eventId: e.answersEventId, messageId: e.inReplyTo } : null;
  const references = answered ? await referencesFor(tx, e.orgId, answered.eventId, answered.messageId) : null;
  return {
    eventId: e.id,
    orgId: e.orgId,
    customerId: e.customerId,
    from,
    to: rendered.to,
    cc: rendered.cc,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: domain ? `<${randomUUID()}@${domain}>` : null,
    replyTo: sending.mail.replyToDomain ? replyAddress(replyKey, subject, sending.mail.replyToDomain) : null,
    inReplyTo: e.answersEventId !== null ? e.inReplyTo : null,
    ...(references ? { references } : {}),
  };
}

/** The most Message-IDs an answer's References carries: the first (the conversation's start) and the latest. */
const REFERENCES_MAX = 20;

/**
 * The References of an answer to the received email whose event is `receivedEventId` (decision
 * 0044): theirs (or, without any, the one they answered), then their own Message-ID. A long
 * conversation keeps its first and latest, as RFC 5322 suggests trimming.
 */
async function referencesFor(tx: Tx, orgId: string, receivedEventId: string, theirId: string): Promise<string[]> {
  const [received] = await tx
    .select({ references: inboundEmail.references, inReplyTo: inboundEmail.inReplyTo })
    .from(inboundEmail)
    .where(and(eq(inboundEmail.orgId, orgId), eq(inboundEmail.eventId, receivedEventId)));
  const earlier = received ? (received.references.length > 0 ? received.references : received.inReplyTo ? [received.inReplyTo] : []) : [];
  const chain = [...new Set([...earlier.filter((id) => id !== theirId), theirId])];
  return chain.length <= REFERENCES_MAX ? chain : [chain[0] as string, ...chain.slice(chain.length - REFERENCES_MAX + 1)];
}

type Content = Pick<OutgoingEmail, 'to' | 'cc' | 'subject' | 'html' | 'text'>;

/** A planned email's content: its template rendered for the customer as they are now. */
async function renderedContent(tx: Tx, sending: OrgSending, e: EventRecord, now: Date): Promise<Content | Unsendable> {
  const template = e.emailId ? sending.templates.get(e.emailId) : undefined;
  if (!template) return { reason: 'not_sendable', error: 'Its email template was deleted' };
  // What goes out says the figures of the moment it goes, even when sent ahead of its plan (issue 29).
  const day = figuresDay(e, sending.chasing.settings.time_zone, now, true);
  const rendered = await renderPendingEvent(tx, e, template, sending.chasing, now, day);
  if ('error' in rendered) return { reason: 'not_sendable', error: `The email could not be rendered: ${rendered.error}` };
  if (rendered.problem) return { reason: 'no_recipient', error: rendered.problem };
  if (rendered.nothingOwed) return { reason: 'nothing_owed', error: STATUS_REASON_LABELS.nothing_owed };
  return rendered;
}

/**
 * An email written when it was made, sent as written, rather than a workflow step rendered from
 * its template: an answer to a reply (decision 0021, "Sending the copy"), or a notice the product
 * writes itself (decision 0023).
 */
export const hasWrittenContent = (e: Pick<EventRecord, 'answersEventId' | 'notice'>): boolean => e.answersEventId !== null || e.notice !== null;

/** `logo`: the organisation's now, for a copy kept from an earlier try that names it by `cid:`. */
function writtenContent(e: EventRecord, logo: string | null): Content | Unsendable {
  if (e.subject === null || e.html === null || e.text === null) return { reason: 'not_sendable', error: 'The email has no content' };
  if (e.toAddresses.length === 0) return { reason: 'no_recipient', error: 'The email has no one to go to' };
  return { to: e.toAddresses, cc: e.ccAddresses, subject: e.subject, html: showLogo(e.html, logo), text: e.text };
}

export const isUnsendable = (x: OutgoingEmail | Unsendable): x is Unsendable => 'reason' in x;

/** The columns an email's content is kept in, as it is (or would have been) sent. */
export function contentColumns(email: OutgoingEmail) {
  return {
    subject: email.subject,
    html: keptHtml(email.html),
    text: email.text,
    toAddresses: email.to,
    ccAddresses: email.cc,
    fromAddress: formatAddress(email.from),
    messageId: email.messageId,
  };
}
