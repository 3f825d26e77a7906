import type { CustomerBulkOperation } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { notFound } from '../../errors/domain-errors';
import type { AuditEntry } from '../../org/record-audit';

type TagRef = Extract<CustomerBulkOperation, { type: 'add_tag' }>['tag'];

/** Tag every customer once (those already tagged are left alone); a name is matched or created. */
export async function addTagToCustomers(tx: Tx, orgId: string, ids: string[], ref: TagRef): Promise<AuditEntry[]> {
  const tagId = await resolveTag(tx, orgId, ref);
  const before = await tagNamesOf(tx, orgId, ids);
  const added = await tx.execute(sql`
    insert into customer_tag (org_id, customer_id, tag_id)
    select ${orgId}, x.id, ${tagId}::uuid from unnest(${uuidArray(ids)}) as x(id)
    on conflict do nothing
    returning customer_id`);
  return tagAudits(tx, orgId, before, (added.rows as { customer_id: string }[]).map((r) => r.customer_id));
}

/** Untag every customer that has the tag; an unknown tag is NOT_FOUND. */
export async function removeTagFromCustomers(tx: Tx, orgId: string, ids: string[], tagId: string): Promise<AuditEntry[]> {
  await resolveTag(tx, orgId, { id: tagId }, 'action.tag_id');
  const before = await tagNamesOf(tx, orgId, ids);
  const removed = await tx.execute(sql`
    delete from customer_tag where org_id = ${orgId} and tag_id = ${tagId}::uuid and customer_id = any(${uuidArray(ids)})
    returning customer_id`);
  return tagAudits(tx, orgId, before, (removed.rows as { customer_id: string }[]).map((r) => r.customer_id));
}

/** The tag's id: one of the organisation's by id (else NOT_FOUND naming `field`), or a name matched ignoring case or created. */
export async function resolveTag(tx: Tx, orgId: string, ref: TagRef, field = 'action.tag.id'): Promise<string> {
  if ('id' in ref) {
    const found = await tx.execute(sql`select id from tag where org_id = ${orgId} and id = ${ref.id}::uuid`);
    if (found.rows.length === 0) throw notFound('Tag', field);
    return ref.id;
  }
  // As PUT /tags: a name matches an existing tag ignoring case, or creates it.
  await tx.execute(sql`
    insert into tag (org_id, name, colour) values (${orgId}, ${ref.name}, ${ref.colour ?? '#607d8b'})
    on conflict (org_id, lower(name)) do nothing`);
  const named = await tx.execute(sql`select id from tag where org_id = ${orgId} and lower(name) = lower(${ref.name})`);
  const [row] = named.rows as { id: string }[];
  if (!row) throw new Error('tag upsert returned nothing');
  return row.id;
}

// The same entry PUT /api/customers/{id}/tags writes: the tag names before and after, by name.
async function tagAudits(tx: Tx, orgId: string, before: Map<string, string[]>, changedIds: string[]): Promise<AuditEntry[]> {
  const after = await tagNamesOf(tx, orgId, changedIds);
  return changedIds.map((id) => ({
    action: 'customer.tags',
    entity: 'customer',
    entityId: id,
    customerId: id,
    before: { tags: before.get(id) ?? [] },
    after: { tags: after.get(id) ?? [] },
  }));
}

async function tagNamesOf(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute(sql`
    select ct.customer_id, array_agg(t.name order by lower(t.name)) as names
    from customer_tag ct join tag t on t.id = ct.tag_id and t.org_id = ct.org_id
    where ct.org_id = ${orgId} and ct.customer_id = any(${uuidArray(ids)})
    group by ct.customer_id`);
  return new Map((result.rows as { customer_id: string; names: string[] }[]).map((r) => [r.customer_id, r.names]));
}
