import type { OrganisationSettings } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

/** The settings the web needs on every screen: time zone and default currency. */
export function getOrganisationSettings(deps: { db: Db; orgId: string }): Promise<OrganisationSettings> {
  return withOrg(deps.db, deps.orgId, (tx) => readOrganisationSettings(tx, deps.orgId));
}
