import { type AuditFacets, auditFamilyLabel } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';

import { readAuditActors } from './read-audit-actors';

/** What Settings → Audit log's filters offer: the people and the action families in the organisation's own log. */
export async function findAuditFacets(deps: { db: Db; orgId: string }): Promise<AuditFacets> {
  const { actorIds, families } = await withOrg(deps.db, deps.orgId, async (tx) => {
    const actors = await tx.execute<{ actor_id: string | null }>(sql`select distinct actor_id from audit_log where org_id = ${deps.orgId}`);
    const found = await tx.execute<{ family: string }>(sql`select distinct split_part(action, '.', 1) as family from audit_log where org_id = ${deps.orgId}`);
    return { actorIds: actors.rows.map((r) => r.actor_id), families: found.rows.map((r) => r.family) };
  });
  const people = await readAuditActors(deps.db, actorIds);
  const byName = (a: { name: string | null }, b: { name: string | null }) => (a.name ?? '').localeCompare(b.name ?? '', 'en-GB');
  return {
    actors: actorIds
      .filter((id): id is string => id !== null)
      .map((id) => people.get(id) ?? { id, name: null, email: null })
      .sort(byName),
    includes_system: actorIds.includes(null),
    action_families: families
      .map((family) => ({ prefix: `${family}.`, label: auditFamilyLabel(family) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en-GB')),
  };
}
