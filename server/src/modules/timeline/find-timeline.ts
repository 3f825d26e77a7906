import type { PageQuery, TimelineResponse } from '@receivables/contracts';

import { type DbOrTx, withOrg } from '../../db/client';
import { notFound } from '../../errors/domain-errors';

import { timelineSql } from './timeline-query';
import { type TimelineSqlRow, toTimelineItem } from './timeline-row';

/** A page of what happened to a customer, newest first (one SQL statement). */
export async function findTimeline(deps: { db: DbOrTx; orgId: string }, customerId: string, page: PageQuery): Promise<TimelineResponse> {
  const result = await withOrg(deps.db, deps.orgId, (tx) => tx.execute(timelineSql(deps.orgId, customerId, page)));
  const raw = result.rows as unknown as TimelineSqlRow[];
  if (!raw[0]?.found) throw notFound('Customer');
  const rows = raw.filter((r): r is TimelineSqlRow & { id: string; kind: NonNullable<TimelineSqlRow['kind']>; at: Date | string } => r.id !== null && r.kind !== null && r.at !== null);
  return { rows: rows.map(toTimelineItem), total: raw[0].total };
}
