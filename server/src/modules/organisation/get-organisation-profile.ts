import type { OrganisationProfile } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';

import { readOrganisationProfile } from './read-organisation-profile';

/** Settings → Organisation: name, default currency, holiday region and time zone (decision 0028). */
export function getOrganisationProfile(deps: { db: Db; orgId: string }): Promise<OrganisationProfile> {
  return withOrg(deps.db, deps.orgId, (tx) => readOrganisationProfile(tx, deps.orgId));
}
