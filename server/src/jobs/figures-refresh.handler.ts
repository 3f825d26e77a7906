import { todayIn } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { type Db, withOrg } from '../db/client';
import { authOrganization, orgSettings } from '../db/schema';
import { refreshCustomerFigures } from '../modules/customers/refresh-customer-figures';

const DEFAULT_TIME_ZONE = 'Europe/London';

/**
 * Recompute every organisation's customer figures as of its own local date. One transaction per
 * organisation (row-level security applies inside each); returns how many customers changed.
 */
export async function refreshFiguresForAllOrganisations(deps: { db: Db; now: Date }): Promise<number> {
  const organisations = await deps.db.select({ id: authOrganization.id }).from(authOrganization);
  let changed = 0;
  for (const { id } of organisations) {
    changed += await withOrg(deps.db, id, async (tx) => {
      const [settings] = await tx.select({ timeZone: orgSettings.timezone }).from(orgSettings).where(eq(orgSettings.orgId, id));
      return refreshCustomerFigures(tx, id, { today: todayIn(settings?.timeZone ?? DEFAULT_TIME_ZONE, deps.now) });
    });
  }
  return changed;
}
