import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, type OrganisationSettings } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import type { Tx } from '../db/client';
import { orgSettings } from '../db/schema';

/**
 * The organisation's time zone and default currency; an organisation without a settings row yet
 * has the columns' own defaults. `tx` is already scoped to the organisation (withOrg).
 */
export async function readOrganisationSettings(tx: Tx, orgId: string): Promise<OrganisationSettings> {
  const [settings] = await tx
    .select({ timeZone: orgSettings.timezone, defaultCurrency: orgSettings.defaultCurrency })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return {
    time_zone: settings?.timeZone ?? DEFAULT_TIME_ZONE,
    default_currency: settings?.defaultCurrency ?? DEFAULT_CURRENCY,
  };
}
