import type { PageQuery, TimelineResponse } from '@receivables/contracts';

import { type DbOrTx, withOrg } from '../../db/client';
import { notFound } from '../../errors/domain-errors';
import { readActorNames } from '../../org/actor-names';
import { readAuditNames } from '../../org/audit-names';

import { timelineSql } from './timeline-query';
import { editNamed, type TimelineSqlRow, toTimelineItem } from './timeline-row';

type ItemRow = TimelineSqlRow & { id: string; kind: NonNullable<TimelineSqlRow['kind']>; at: Date | string };

/** A page of what happened to a customer, newest first, each edit with the name of who made it. */
export async function findTimeline(deps: { db: DbOrTx; orgId: string }, customerId: string, page: PageQuery): Promise<TimelineResponse> {
  const { raw, entityNames } = await withOrg(deps.db, deps.orgId, async (tx) => {
    const rows = (await tx.execute(timelineSql(deps.orgId, customerId, page))).rows as unknown as TimelineSqlRow[];
    // What the page's edits point at, named in one more statement (decision 0041).
    const edits = rows.flatMap((r) => (r.kind === 'edit' && r.data ? [editNamed(r.data)] : []));
    return { raw: rows, entityNames: await readAuditNames(tx, deps.orgId, edits) };
  });
  if (!raw[0]?.found) throw notFound('Customer');
  const rows = raw.filter((r): r is ItemRow => r.id !== null && r.kind !== null && r.at !== null);
  const actorIds = rows.map((r) => r.data?.actor_id).filter((id): id is string => typeof id === 'string');
  const names = await readActorNames(deps.db, actorIds);
  return { rows: rows.map((row) => toTimelineItem(row, names, entityNames)), total: raw[0].total };
}
