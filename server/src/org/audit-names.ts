import { type AuditNames, auditReferencedIds } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../db/client';
import { uuidArray } from '../db/uuid-array';

/** What an entry points at: its entity and the ids among its values. */
export interface NamedEntry {
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The ids an entry's names are asked for. */
function idsOf(entry: NamedEntry): string[] {
  return [entry.entity_id, ...auditReferencedIds(entry.before), ...auditReferencedIds(entry.after)];
}

/**
 * The names, as they are now, of everything `entries` point at, in one statement however many
 * entries (decision 0041): a workflow, template, tag or customer by its name, an invoice by its
 * number, an email or a reply by its subject (a planned one by its template's name), a workflow
 * step by its workflow's name. Resolved when the log is read, so an entry written before names were kept
 * reads right too; an id that finds nothing names something deleted. Ids are unique across
 * tables (random UUIDs), so one list serves every branch; row security keeps each to the
 * organisation, and `org_id` lets each branch use its table's primary key or org index.
 */
export async function readAuditNames(tx: Tx, orgId: string, entries: readonly NamedEntry[]): Promise<Map<string, string>> {
  const ids = [...new Set(entries.flatMap(idsOf))];
  if (ids.length === 0) return new Map();
  const list = uuidArray(ids);
  const result = await tx.execute<{ id: string; name: string }>(sql`
    select id, name from workflow where org_id = ${orgId} and id = any(${list})
    union all select id, name from email_template where org_id = ${orgId} and id = any(${list})
    union all select id, name from tag where org_id = ${orgId} and id = any(${list})
    union all select id, name from customer where org_id = ${orgId} and id = any(${list})
    union all select id, number from invoice where org_id = ${orgId} and id = any(${list})
    union all select e.id, coalesce(nullif(e.subject, ''), t.name, 'an email') from event e
              left join email_template t on t.org_id = e.org_id and t.id = e.email_id
              where e.org_id = ${orgId} and e.id = any(${list})
    union all select a.id, w.name from workflow_action a join workflow w on w.org_id = a.org_id and w.id = a.workflow_id
              where a.org_id = ${orgId} and a.id = any(${list})
    union all select r.id, coalesce(nullif(r.subject, ''), 'a reply') from inbound_email r where r.org_id = ${orgId} and r.id = any(${list})`);
  return new Map(result.rows.map((row) => [row.id, row.name]));
}

/** The names one entry needs, out of a page's. */
export function namesFor(entry: NamedEntry, all: ReadonlyMap<string, string>): AuditNames {
  const names: Record<string, string> = {};
  for (const id of idsOf(entry)) {
    const name = all.get(id);
    if (name !== undefined) names[id] = name;
  }
  return names;
}
