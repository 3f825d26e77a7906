import { and, eq } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../db/client';
import { inboundRoute } from '../../db/schema';

export type InboundRouteKind = (typeof inboundRoute.$inferSelect)['kind'];

/**
 * The routing directory (decision 0021, migration 0019): what tells which organisation a message
 * is for before anything about it is known. Written in the organisation's transaction; read
 * across organisations (policy `inbound_route_lookup`).
 */
export async function addInboundRoutes(tx: Tx, orgId: string, routes: { kind: InboundRouteKind; key: string }[]): Promise<void> {
  if (routes.length === 0) return;
  await tx
    .insert(inboundRoute)
    .values(routes.map((r) => ({ orgId, kind: r.kind, key: r.key })))
    .onConflictDoNothing();
}

/** Replace the organisation's one route of `kind` (its reply domain, its webhook secret), or remove it. */
export async function replaceInboundRoute(tx: Tx, orgId: string, kind: 'domain' | 'webhook_secret', key: string | null): Promise<void> {
  await tx.delete(inboundRoute).where(and(eq(inboundRoute.orgId, orgId), eq(inboundRoute.kind, kind)));
  if (key !== null) await addInboundRoutes(tx, orgId, [{ kind, key }]);
}

/** The organisations a key routes to: at most one, except a reply domain several share. */
export async function findInboundOrgs(db: DbOrTx, kind: InboundRouteKind, key: string): Promise<string[]> {
  const rows = await db
    .select({ orgId: inboundRoute.orgId })
    .from(inboundRoute)
    .where(and(eq(inboundRoute.kind, kind), eq(inboundRoute.key, key)));
  return rows.map((r) => r.orgId);
}
