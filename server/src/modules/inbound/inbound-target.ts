import { and, eq } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { event } from '../../db/schema';
import { isReplyTokenFor, replyTokenEventId } from '../delivery/reply-token';
import { findInboundOrgs } from '../mail/inbound-directory';

import { readReplyTokenFromAddress } from './recipient-address';

/** The email a genuine reply token names: it proves organisation, customer and event together. */
export interface TokenTarget {
  orgId: string;
  customerId: string;
  eventId: string;
  /** That email's Message-ID as we sent it, for threading. */
  messageId: string | null;
}

/**
 * Where a recipient address leads (decision 0021): a genuine reply token's email; the
 * organisations whose reply domain it is; or nowhere — a token that is not ours (unknown event,
 * forged or altered MAC), or a domain no organisation receives for.
 */
export type InboundTarget =
  | { kind: 'token'; address: string; target: TokenTarget }
  | { kind: 'domain'; address: string; orgIds: string[] }
  | { kind: 'refused'; address: string; why: 'forged_token' | 'unknown_domain' };

/**
 * Read one recipient address. `withinOrg` limits it to one organisation (the webhook's, known
 * from its secret): a token or domain of another organisation leads nowhere.
 */
export async function resolveInboundTarget(db: Db, replyKey: Buffer, address: string, withinOrg?: string): Promise<InboundTarget> {
  const { token, domain } = readReplyTokenFromAddress(address);
  if (token !== null) {
    const target = await verifyToken(db, replyKey, token, withinOrg);
    return target ? { kind: 'token', address, target } : { kind: 'refused', address, why: 'forged_token' };
  }
  const orgIds = (await findInboundOrgs(db, 'domain', domain.toLowerCase())).filter((id) => withinOrg === undefined || id === withinOrg);
  return orgIds.length > 0 ? { kind: 'domain', address, orgIds } : { kind: 'refused', address, why: 'unknown_domain' };
}

async function verifyToken(db: Db, replyKey: Buffer, token: string, withinOrg: string | undefined): Promise<TokenTarget | null> {
  const eventId = replyTokenEventId(token);
  if (eventId === null) return null;
  const [orgId] = (await findInboundOrgs(db, 'event', eventId)).filter((id) => withinOrg === undefined || id === withinOrg);
  if (orgId === undefined) return null;
  const [found] = await withOrg(db, orgId, (tx) =>
    tx
      .select({ customerId: event.customerId, messageId: event.messageId })
      .from(event)
      .where(and(eq(event.orgId, orgId), eq(event.id, eventId))),
  );
  if (!found) return null;
  const target = { orgId, customerId: found.customerId, eventId, messageId: found.messageId };
  return isReplyTokenFor(replyKey, token, target) ? target : null;
}
