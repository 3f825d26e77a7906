import { MS_PER_DAY } from '@receivables/contracts';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';

import { forEachOrganisation, total } from '../db/for-each-organisation';
import { idempotencyKey } from '../db/schema';

import { defineJob, type JobContext } from './job-definition';

/**
 * Stored answers to Idempotency-Key requests are kept for 30 days (decision 0006): far longer
 * than any client retries (Stripe keeps its keys for 24 hours), short enough that the table
 * does not grow without end. A retry after that runs the request again.
 */
export const IDEMPOTENCY_KEY_TTL_DAYS = 30;

export const idempotencyCleanupJob = defineJob({
  name: 'idempotency.cleanup',
  schedule: '17 3 * * *',
  data: z.object({}),
  handle: async (ctx) => {
    const deleted = await deleteExpiredIdempotencyKeys(ctx);
    if (deleted > 0) ctx.log.info(`idempotency keys expired: ${deleted}`);
  },
});

/** Delete stored idempotent answers older than the retention period; returns how many went. */
export async function deleteExpiredIdempotencyKeys(ctx: Pick<JobContext, 'db' | 'now'>): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - IDEMPOTENCY_KEY_TTL_DAYS * MS_PER_DAY);
  const deleted = await forEachOrganisation(ctx.db, async (tx, orgId) => {
    const rows = await tx
      .delete(idempotencyKey)
      .where(and(eq(idempotencyKey.orgId, orgId), lt(idempotencyKey.createdAt, cutoff)))
      .returning({ id: idempotencyKey.id });
    return rows.length;
  });
  return total(deleted);
}
