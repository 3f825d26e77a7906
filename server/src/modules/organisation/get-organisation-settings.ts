import type { OrganisationSettings, SendingMode } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { orgSettings } from '../../db/schema';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

/** The settings and the sending mode: what `GET /api/organisation/` answers besides the caller's role. */
export function getOrganisationView(deps: { db: Db; orgId: string }): Promise<OrganisationSettings & { sending_mode: SendingMode }> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const [mode] = await tx.select({ sendingMode: orgSettings.sendingMode }).from(orgSettings).where(eq(orgSettings.orgId, deps.orgId));
    // New organisations start in dry run (decision 0019), as the column's default says.
    return { ...(await readOrganisationSettings(tx, deps.orgId)), sending_mode: mode?.sendingMode ?? 'dryrun' };
  });
}
