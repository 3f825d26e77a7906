import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, type OrganisationProfile } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { orgSettings } from '../../db/schema';

/**
 * Settings → Organisation as stored: the name from better-auth's table, the rest from the
 * settings row (an organisation without one yet has the columns' own defaults). `tx` is already
 * scoped to the organisation (withOrg).
 */
export async function readOrganisationProfile(tx: Tx, orgId: string): Promise<OrganisationProfile> {
  const [settings] = await tx
    .select({ timeZone: orgSettings.timezone, defaultCurrency: orgSettings.defaultCurrency, holidayRegion: orgSettings.holidayRegion })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  // The app role cannot read the auth tables; this function shows it its own organisation's name only (migration 0013).
  const [named] = await tx.execute<{ name: string | null }>(sql`select current_org_name() as name`).then((r) => r.rows);
  return {
    id: orgId,
    name: named?.name ?? '',
    default_currency: settings?.defaultCurrency ?? DEFAULT_CURRENCY,
    holiday_region: settings?.holidayRegion ?? null,
    time_zone: settings?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
