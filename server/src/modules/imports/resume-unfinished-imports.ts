import { and, eq, inArray } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { forEachOrganisation } from '../../db/for-each-organisation';
import { customerImport } from '../../db/schema';

import type { ImportQueue } from './import-queue';

/**
 * Ask again for every organisation with an import left queued or running (a worker stopped
 * mid-import, or the request after a start was lost). Run when a worker starts; asking twice is
 * harmless, and an import carries on after its last committed batch. Returns how many imports.
 */
export async function resumeUnfinishedImports(deps: { db: Db; imports: ImportQueue }): Promise<number> {
  const counts = await forEachOrganisation(deps.db, async (tx, orgId) => {
    const unfinished = await tx
      .select({ id: customerImport.id })
      .from(customerImport)
      .where(and(eq(customerImport.orgId, orgId), inArray(customerImport.status, ['queued', 'running'])));
    return { orgId, count: unfinished.length };
  });
  let resumed = 0;
  for (const { orgId, count } of counts) {
    if (count === 0) continue;
    await deps.imports.runImportsOf(orgId);
    resumed += count;
  }
  return resumed;
}
