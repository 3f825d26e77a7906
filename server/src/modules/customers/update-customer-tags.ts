import type { CustomerDetail, CustomerTagsUpdate } from '@receivables/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { customerTag, tag } from '../../db/schema';
import { manyNotFound } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';

import { getCustomer } from './get-customer';
import { requireCustomer } from './require-customer';

/**
 * Replace the customer's tags. Items are existing tag ids or names; a name matches an existing
 * tag ignoring case, or creates it. An unknown id is NOT_FOUND with its position.
 */
export async function updateCustomerTags(deps: OrgScope, customerId: string, input: CustomerTagsUpdate): Promise<CustomerDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    await requireCustomer(tx, deps.orgId, customerId, { lock: true });
    const tagIds = await resolveTags(tx, deps.orgId, input.tags);
    const before = await tagNames(tx, deps.orgId, customerId);

    const linked = eq(customerTag.customerId, customerId);
    await tx
      .delete(customerTag)
      .where(and(eq(customerTag.orgId, deps.orgId), linked, tagIds.length > 0 ? notInArray(customerTag.tagId, tagIds) : undefined));
    if (tagIds.length > 0) {
      await tx.insert(customerTag).values(tagIds.map((tagId) => ({ orgId: deps.orgId, customerId, tagId }))).onConflictDoNothing();
    }
    const diff = changedFields({ tags: before }, { tags: await tagNames(tx, deps.orgId, customerId) });
    if (diff) await recordAudit(tx, deps, { action: 'customer.tags', entity: 'customer', entityId: customerId, customerId, ...diff });
    return getCustomer({ db: tx, orgId: deps.orgId }, customerId);
  });
}

async function resolveTags(tx: Tx, orgId: string, items: CustomerTagsUpdate['tags']): Promise<string[]> {
  const ids = new Set<string>();
  const wantedIds = items.flatMap((item, index) => ('id' in item ? [{ id: item.id, index }] : []));
  if (wantedIds.length > 0) {
    const found = await tx.select({ id: tag.id }).from(tag).where(and(eq(tag.orgId, orgId), inArray(tag.id, wantedIds.map((w) => w.id))));
    const known = new Set(found.map((f) => f.id));
    const missing = wantedIds.filter((w) => !known.has(w.id));
    if (missing.length > 0) {
      throw manyNotFound('Tag', 'tags', missing.map((m) => ({ field: `tags[${m.index}].id`, reason: 'no such tag in this organisation' })));
    }
    for (const f of found) ids.add(f.id);
  }
  // One per name ignoring case; the first spelling and colour win.
  const byName = new Map<string, { name: string; colour?: string }>();
  for (const item of items) if ('name' in item && !byName.has(item.name.toLowerCase())) byName.set(item.name.toLowerCase(), item);
  if (byName.size > 0) {
    const wanted = JSON.stringify([...byName.values()]);
    await tx.execute(sql`
      insert into tag (org_id, name, colour)
      select ${orgId}, n.name, coalesce(n.colour, '#607d8b') from json_to_recordset(${wanted}::json) as n(name text, colour text)
      on conflict (org_id, lower(name)) do nothing`);
    const named = await tx
      .select({ id: tag.id })
      .from(tag)
      .where(and(eq(tag.orgId, orgId), inArray(sql`lower(${tag.name})`, [...byName.keys()])));
    for (const n of named) ids.add(n.id);
  }
  return [...ids];
}

async function tagNames(tx: Tx, orgId: string, customerId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: tag.name })
    .from(customerTag)
    .innerJoin(tag, eq(tag.id, customerTag.tagId))
    .where(and(eq(customerTag.orgId, orgId), eq(customerTag.customerId, customerId)))
    .orderBy(sql`lower(${tag.name})`);
  return rows.map((r) => r.name);
}
