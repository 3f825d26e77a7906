import type { InboundCounts, InboundEmailListResponse } from '@receivables/contracts';
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { inboundEmail } from '../../db/schema';

import { toInboundRow } from './inbound-email-view';
import { suggestCustomers } from './suggest-customer';

const listed = (orgId: string) => and(eq(inboundEmail.orgId, orgId), ne(inboundEmail.kind, 'bounce'));

/** The unassigned inbox: messages no customer was found for, newest first (index inbound_email_unassigned_idx). */
export async function findUnassignedInbound(
  deps: { db: DbOrTx; orgId: string },
  page: { limit: number; offset: number },
): Promise<InboundEmailListResponse> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const where = and(listed(deps.orgId), isNull(inboundEmail.customerId));
    const rows = await tx
      .select()
      .from(inboundEmail)
      .where(where)
      .orderBy(desc(inboundEmail.receivedAt), desc(inboundEmail.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await tx.select({ n: count() }).from(inboundEmail).where(where);
    const suggestions = await suggestCustomers(tx, deps.orgId, rows);
    return { rows: rows.map((m) => toInboundRow(m, suggestions.get(m.id) ?? null)), total: total?.n ?? 0 };
  });
}

/** Unread and unassigned messages, for the menu and the inbox tab. */
export async function countInbound(deps: { db: DbOrTx; orgId: string }): Promise<InboundCounts> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const [unread] = await tx.select({ n: count() }).from(inboundEmail).where(and(listed(deps.orgId), isNull(inboundEmail.readAt)));
    const [unassigned] = await tx.select({ n: count() }).from(inboundEmail).where(and(listed(deps.orgId), isNull(inboundEmail.customerId)));
    return { unread: unread?.n ?? 0, unassigned: unassigned?.n ?? 0 };
  });
}
