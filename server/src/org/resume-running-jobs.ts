import type { Db, Tx } from '../db/client';
import { forEachOrganisation } from '../db/for-each-organisation';

/**
 * Ask again for every organisation with a bulk job still running (a worker stopped mid-job, or the
 * send after the request was lost): `countRunning` counts one organisation's, `runJobsOf` asks for
 * them to be run. Run when a worker starts; asking twice is harmless, and a job carries on after
 * its last committed batch. Returns how many jobs.
 */
export async function resumeRunningJobs(
  db: Db,
  countRunning: (tx: Tx, orgId: string) => Promise<number>,
  runJobsOf: (orgId: string) => Promise<void>,
): Promise<number> {
  const counts = await forEachOrganisation(db, async (tx, orgId) => ({ orgId, count: await countRunning(tx, orgId) }));
  let resumed = 0;
  for (const { orgId, count } of counts) {
    if (count === 0) continue;
    await runJobsOf(orgId);
    resumed += count;
  }
  return resumed;
}
