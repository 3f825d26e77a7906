import { and, eq, sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { contact, event } from '../../db/schema';
import { findInboundOrgs } from '../mail/inbound-directory';

import type { TokenTarget } from './inbound-target';

type MatchedBy = 'token' | 'message_id' | 'sender';

/** Where a message belongs: its organisation, and its customer and the email it answers when known. */
export interface InboundMatch {
  orgId: string;
  /** Null: unassigned, waiting for a person to attach it. */
  customerId: string | null;
  answersEventId: string | null;
  /** The Message-ID of the email it answers, as we sent it. */
  answersMessageId: string | null;
  matchedBy: MatchedBy | null;
}

/** What a message says about itself that matching reads. */
export interface MatchClues {
  token: TokenTarget | null;
  /** In-Reply-To first, then References from the newest back. */
  messageIds: string[];
  fromAddress: string | null;
}

/**
 * Find a message's place (decision 0021, "Matching"): the reply token; else our Message-IDs it
 * refers to; else its sender among the contacts; else unassigned in the one organisation it can
 * be for. Null when it could be for several organisations and nothing tells them apart.
 */
export async function matchInbound(db: Db, clues: MatchClues, orgIds: readonly string[]): Promise<InboundMatch | null> {
  if (clues.token) {
    const { orgId, customerId, eventId, messageId } = clues.token;
    return { orgId, customerId, answersEventId: eventId, answersMessageId: messageId, matchedBy: 'token' };
  }
  const byHeaders = await matchByMessageIds(db, clues.messageIds, orgIds);
  if (byHeaders) return byHeaders;
  const bySender = clues.fromAddress ? await matchBySender(db, clues.fromAddress, orgIds) : null;
  if (bySender) return bySender;
  const [only] = orgIds;
  return orgIds.length === 1 && only !== undefined
    ? { orgId: only, customerId: null, answersEventId: null, answersMessageId: null, matchedBy: null }
    : null;
}

/** The first of `messageIds` that is one of ours, sent by one of `orgIds`. */
export async function matchByMessageIds(db: Db, messageIds: readonly string[], orgIds: readonly string[]): Promise<InboundMatch | null> {
  for (const messageId of messageIds) {
    const orgId = (await findInboundOrgs(db, 'message_id', messageId)).find((id) => orgIds.includes(id));
    if (orgId === undefined) continue;
    const [found] = await withOrg(db, orgId, (tx) =>
      tx
        .select({ id: event.id, customerId: event.customerId })
        .from(event)
        .where(and(eq(event.orgId, orgId), eq(event.messageId, messageId))),
    );
    if (found) return { orgId, customerId: found.customerId, answersEventId: found.id, answersMessageId: messageId, matchedBy: 'message_id' };
  }
  return null;
}

/** The one customer, across `orgIds`, with a contact at this address; none or several match nothing. */
async function matchBySender(db: Db, address: string, orgIds: readonly string[]): Promise<InboundMatch | null> {
  const found: { orgId: string; customerId: string }[] = [];
  for (const orgId of orgIds) {
    const rows = await withOrg(db, orgId, (tx) =>
      tx
        .selectDistinct({ customerId: contact.customerId })
        .from(contact)
        .where(and(eq(contact.orgId, orgId), sql`lower(${contact.email}) = ${address.toLowerCase()}`)),
    );
    found.push(...rows.map((r) => ({ orgId, customerId: r.customerId })));
    if (found.length > 1) return null;
  }
  const [one] = found;
  return one ? { ...one, answersEventId: null, answersMessageId: null, matchedBy: 'sender' } : null;
}
