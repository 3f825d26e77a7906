import type { EventBulkJob } from '@receivables/contracts';

import { type DbOrTx, withOrg } from '../../db/client';

import { requireEventBulkJob, toEventBulkJob } from './event-bulk-job-record';

/** One bulk action over planned emails with its progress, which Activity's panel polls; another organisation's is NOT_FOUND. */
export async function getEventBulkJob(deps: { db: DbOrTx; orgId: string }, jobId: string): Promise<EventBulkJob> {
  return toEventBulkJob(await withOrg(deps.db, deps.orgId, (tx) => requireEventBulkJob(tx, deps.orgId, jobId)));
}
