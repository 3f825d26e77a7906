import { z } from 'zod';

import { forEachOrganisation, total } from '../db/for-each-organisation';
import { deleteExpiredImportRows } from '../modules/imports/import-retention';

import { defineJob, type JobContext } from './job-definition';

/** Nightly: drop the stored rows of imports past their retention (import-retention.ts). */
export const importRowsCleanupJob = defineJob({
  name: 'imports.cleanup',
  schedule: '37 3 * * *',
  data: z.object({}),
  handle: async (ctx) => {
    const deleted = await deleteAllExpiredImportRows(ctx);
    if (deleted > 0) ctx.log.info(`stored import rows expired: ${deleted}`);
  },
});

/** Every organisation's expired import rows; how many went. */
export async function deleteAllExpiredImportRows(ctx: Pick<JobContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  return total(await forEachOrganisation(ctx.db, (tx, orgId) => deleteExpiredImportRows(tx, orgId, now)));
}
