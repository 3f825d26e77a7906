import type { ChasingSettings, ChasingSettingsUpdate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { orgSettings } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { changedFields, recordAudit, type WriteDeps } from '../audit/record-audit';
import { isHolidayRegion } from '../workflows/planning/public-holidays';

import { readChasingContext } from './read-chasing-settings';

/** Save when reminders may go out; an unknown holiday region is a 400 naming it. */
export async function updateChasingSettings(deps: WriteDeps, input: ChasingSettingsUpdate): Promise<ChasingSettings> {
  if (input.holiday_region !== null && !isHolidayRegion(input.holiday_region)) {
    throw new AppError('VALIDATION_FAILED', `"${input.holiday_region}" is not a holiday region we know`, [
      { field: 'holiday_region', reason: 'must be a country or region code such as GB-ENG' },
    ]);
  }
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { settings: current } = await readChasingContext(tx, deps.orgId);
    const values = {
      timezone: input.time_zone,
      sendWindow: { days: [...input.working_days].sort((a, b) => a - b), start: input.send_window_start, end: input.send_window_end },
      holidayRegion: input.holiday_region,
      weeklyCap: input.weekly_cap,
    };
    await tx
      .insert(orgSettings)
      .values({ orgId: deps.orgId, ...values })
      .onConflictDoUpdate({ target: orgSettings.orgId, set: values });
    const { settings } = await readChasingContext(tx, deps.orgId);
    const diff = changedFields(current, settings);
    if (diff) await recordAudit(tx, deps, { action: 'settings.chasing.update', entity: 'org_settings', entityId: deps.orgId, customerId: null, ...diff });
    return settings;
  });
}
