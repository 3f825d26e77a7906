import { and, eq, isNull } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { orgSettings } from '../../db/schema';

import { defaultHolidayRegion } from './holiday-regions';

/**
 * A new organisation skips its country's public holidays from the start (decision 0046): the
 * region its time zone gives, set only where none was chosen. No column holds a country, so it is
 * worked out once, here, when the organisation is made; Settings → Organisation changes it.
 */
export async function setDefaultHolidays(tx: Tx, orgId: string): Promise<void> {
  const [settings] = await tx.select({ timezone: orgSettings.timezone }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  const region = settings ? defaultHolidayRegion(settings.timezone) : null;
  if (!region) return;
  await tx.update(orgSettings).set({ holidayRegion: region }).where(and(eq(orgSettings.orgId, orgId), isNull(orgSettings.holidayRegion)));
}
