import { organisationToday } from '@receivables/contracts';

import type { DeliverySettings } from '../../config-slices/delivery';
import { type Db, withOrg } from '../../db/client';
import { type ChasingContext, readChasingContext } from '../../org/read-chasing-settings';

import { applyBounce, type BounceEffect } from './apply-bounce';
import { detectAutoReply } from './auto-reply';
import { bounceOf } from './delivery-report';
import { headerValues } from './inbound-headers';
import { type InboundTarget, resolveInboundTarget, type TokenTarget } from './inbound-target';
import { matchByMessageIds, matchInbound, type InboundMatch } from './match-inbound';
import { readOutOfOffice } from './out-of-office';
import { parseInboundEmail, type ParsedInbound } from './parse-inbound';
import { visibleReplyText } from './quoted-text';
import { reactToInbound, type InboundReaction } from './react-to-inbound';
import { readReplyTokenFromAddress } from './recipient-address';
import { attachToCustomer, insertInboundEmail, type InboundReading } from './store-inbound-email';
import { triageReply } from './triage';

/** What receiving mail depends on. */
export interface InboundDeps {
  db: Db;
  /** Signs and checks reply tokens (modules/delivery/reply-token.ts). */
  replyKey: Buffer;
  /** Attachments larger than this are listed without their bytes. */
  attachmentMaxBytes: number;
  /** A soft bounce is retried by the sender's rules. */
  delivery: Pick<DeliverySettings, 'maxAttempts' | 'retryBaseMs'>;
  now?: () => Date;
}

/** One message as it arrived: its bytes, and where it came from. */
export interface ArrivedMessage {
  raw: Buffer;
  channel: 'smtp' | 'webhook';
  envelopeFrom: string | null;
  envelopeTo: string[];
  /** Its recipients as read (at RCPT for SMTP, from the headers for the webhook), none refused. */
  targets: Exclude<InboundTarget, { kind: 'refused' }>[];
  /** The webhook's organisation, known from its secret; absent for SMTP. */
  orgId?: string;
}

export type InboundOutcome =
  | {
    status: 'stored';
    inboundEmailId: string;
    orgId: string;
    kind: 'reply' | 'auto_reply' | 'bounce';
    customerId: string | null;
    /** The `incoming` event it became; null while unassigned, and for a bounce. */
    eventId: string | null;
    matchedBy: InboundMatch['matchedBy'];
    reaction: InboundReaction;
    bounce: BounceEffect | null;
  }
  | { status: 'duplicate'; inboundEmailId: null; orgId: string }
  | { status: 'ignored'; why: 'bounce_not_ours' }
  | { status: 'refused'; why: 'no_organisation' | 'forged_token' };

/**
 * The one pipeline both ways in share (decision 0021): parse, tell a bounce from an auto-reply
 * from a reply, find its organisation and customer, keep it, and react. A message that cannot be
 * parsed is still kept, with what could be read.
 */
export async function receiveInboundEmail(deps: InboundDeps, message: ArrivedMessage): Promise<InboundOutcome> {
  const now = deps.now?.() ?? new Date();
  const parsed = await parseInboundEmail(message.raw);
  const targets = message.orgId ? await tokenTargetsInHeaders(deps, parsed, message.orgId) : message.targets;
  if (targets === 'forged') return { status: 'refused', why: 'forged_token' };
  const token = targets.find((t): t is { kind: 'token'; address: string; target: TokenTarget } => t.kind === 'token')?.target ?? null;
  const orgIds = message.orgId ? [message.orgId] : [...new Set(targets.flatMap((t) => (t.kind === 'token' ? [t.target.orgId] : t.orgIds)))];

  const report = parsed.deliveryReport;
  if (report) {
    const returned = report.originalMessageId ? await matchByMessageIds(deps.db, [report.originalMessageId], orgIds) : null;
    const bounce = bounceOf(report);
    if (!returned || !bounce) return { status: 'ignored', why: 'bounce_not_ours' };
    const status = report.recipients.find((r) => r.address === bounce.recipient)?.status ?? null;
    const reading = readingOf(message, parsed, {
      kind: 'bounce',
      bounce: { permanent: bounce.permanent, reason: bounce.reason, status, recipient: bounce.recipient },
    });
    return storeAndReact(deps, returned, reading, now, bounce.action);
  }

  const clues = {
    token,
    messageIds: [...new Set([parsed.inReplyTo, ...[...parsed.references].reverse()].filter((id): id is string => id !== null))],
    fromAddress: parsed.from?.address ?? null,
  };
  const match = await matchInbound(deps.db, clues, orgIds);
  if (!match) return { status: 'refused', why: 'no_organisation' };
  const chasing = await withOrg(deps.db, match.orgId, (tx) => readChasingContext(tx, match.orgId));
  const timeZone = chasing.settings.time_zone;
  const visibleText = visibleReplyText(parsed.text);
  const auto = detectAutoReply({ headers: new Map(Object.entries(parsed.headers.first)), subject: parsed.subject, text: visibleText });
  const ignore = parsed.from ? [parsed.from.address] : [];
  const reading = auto.auto
    ? readingOf(message, parsed, {
      kind: 'auto_reply',
      visibleText,
      autoReply: { signals: auto.signals, out_of_office: readOutOfOffice(visibleText, now, timeZone, ignore) },
    })
    : readingOf(message, parsed, { kind: 'reply', visibleText, triage: triageReply(visibleText, now, timeZone, ignore) });
  return storeAndReact(deps, match, reading, now, null, chasing);
}

/**
 * The reply tokens a message forwarded to the webhook carries in its recipient headers, checked
 * for the webhook's organisation: one that is not genuine refuses the message, as at RCPT.
 */
async function tokenTargetsInHeaders(deps: InboundDeps, parsed: ParsedInbound, orgId: string): Promise<ArrivedMessage['targets'] | 'forged'> {
  const addresses = recipientAddresses(parsed).filter((a) => readReplyTokenFromAddress(a).token !== null);
  const targets: ArrivedMessage['targets'] = [];
  for (const address of addresses) {
    const target = await resolveInboundTarget(deps.db, deps.replyKey, address, orgId);
    if (target.kind === 'refused') return 'forged';
    targets.push(target);
  }
  return targets;
}

/** Every address the message says it was for: To and Cc, and what relays record (Delivered-To, X-Original-To). */
function recipientAddresses(parsed: ParsedInbound): string[] {
  const relayed = [...headerValues(parsed.headers, 'delivered-to'), ...headerValues(parsed.headers, 'x-original-to')].map((a) => a.trim().toLowerCase());
  return [...new Set([...parsed.to.map((a) => a.address), ...parsed.cc.map((a) => a.address), ...relayed])];
}

function readingOf(message: ArrivedMessage, parsed: ParsedInbound, read: Partial<InboundReading> & Pick<InboundReading, 'kind'>): InboundReading {
  return {
    raw: message.raw,
    parsed,
    channel: message.channel,
    envelopeFrom: message.envelopeFrom,
    envelopeTo: message.envelopeTo,
    visibleText: read.visibleText ?? parsed.text,
    autoReply: read.autoReply ?? null,
    bounce: read.bounce ?? null,
    triage: read.triage ?? null,
    kind: read.kind,
  };
}

/** Keep it, and for a customer: its incoming event (not for a bounce) and what chasing does about it. */
async function storeAndReact(
  deps: InboundDeps,
  match: InboundMatch,
  reading: InboundReading,
  now: Date,
  bounceAction: string | null,
  chasing?: ChasingContext,
): Promise<InboundOutcome> {
  return withOrg(deps.db, match.orgId, async (tx) => {
    const stored = await insertInboundEmail(tx, match, reading, now, deps.attachmentMaxBytes);
    if (!stored) return { status: 'duplicate', inboundEmailId: null, orgId: match.orgId };
    const outcome = {
      status: 'stored' as const,
      inboundEmailId: stored.id,
      orgId: match.orgId,
      kind: reading.kind,
      customerId: match.customerId,
      eventId: null as string | null,
      matchedBy: match.matchedBy,
      reaction: { paused: null } as InboundReaction,
      bounce: null as BounceEffect | null,
    };
    if (reading.kind === 'bounce' && reading.bounce && match.answersEventId && bounceAction) {
      const bounce = { ...reading.bounce, action: bounceAction };
      outcome.bounce = await applyBounce(tx, match.orgId, match.answersEventId, bounce, now, deps.delivery);
      return outcome;
    }
    if (match.customerId === null) return outcome;
    outcome.eventId = await attachToCustomer(tx, stored, match.customerId, match.answersMessageId);
    // Read once per message: the reading above already needed the organisation's zone.
    const context = chasing ?? (await readChasingContext(tx, match.orgId));
    const today = organisationToday(context.settings.time_zone, now);
    outcome.reaction = await reactToInbound(
      tx,
      match.orgId,
      match.customerId,
      { kind: reading.kind, eventId: outcome.eventId, returnsOn: reading.autoReply?.out_of_office.returns_on ?? null },
      context,
      today,
    );
    return outcome;
  });
}
