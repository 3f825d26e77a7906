import type { OrganisationProfile, OrganisationProfileUpdate } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { authOrganization, orgSettings } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { notFound } from '../../errors/domain-errors';
import { isHolidayRegion } from '../../org/public-holidays';
import { changedFields, recordAudit } from '../../org/record-audit';

import { readOrganisationProfile } from './read-organisation-profile';

/**
 * Save Settings → Organisation (decision 0028): the name in better-auth's table (the switcher
 * reads it there), the currency, holiday region and time zone in the settings row, and one audit
 * entry naming what changed. An unknown holiday region is a 400 naming it.
 */
export async function updateOrganisationProfile(
  deps: { db: Db; orgId: string; actorId: string },
  input: OrganisationProfileUpdate,
): Promise<OrganisationProfile> {
  if (input.holiday_region !== null && !isHolidayRegion(input.holiday_region)) {
    throw new AppError('VALIDATION_FAILED', `"${input.holiday_region}" is not a holiday region we know`, [
      { field: 'holiday_region', reason: 'must be a country or region code such as GB-ENG' },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    // The auth tables are the connection owner's, not the app role's: renamed before withOrg
    // switches the role for the rest of the transaction. The lock orders this against a deletion.
    const [org] = await tx.select({ name: authOrganization.name }).from(authOrganization).where(eq(authOrganization.id, deps.orgId)).for('update');
    if (!org) throw notFound('Organisation');
    if (org.name !== input.name) await tx.update(authOrganization).set({ name: input.name }).where(eq(authOrganization.id, deps.orgId));
    return withOrg(tx, deps.orgId, async (scoped) => {
      const before = { ...(await readOrganisationProfile(scoped, deps.orgId)), name: org.name };
      const values = { defaultCurrency: input.default_currency, holidayRegion: input.holiday_region, timezone: input.time_zone };
      await scoped
        .insert(orgSettings)
        .values({ orgId: deps.orgId, ...values })
        .onConflictDoUpdate({ target: orgSettings.orgId, set: values });
      const after = await readOrganisationProfile(scoped, deps.orgId);
      const diff = changedFields(before, after);
      if (diff) await recordAudit(scoped, deps, { action: 'organisation.update', entity: 'organisation', entityId: deps.orgId, customerId: null, ...diff });
      return after;
    });
  });
}
