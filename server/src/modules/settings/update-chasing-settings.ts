import type { ChasingSettings, ChasingSettingsUpdate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { orgSettings } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { readChasingContext } from '../../org/read-chasing-settings';
import { changedFields, recordAudit } from '../../org/record-audit';


/**
 * Save when reminders may go out. The time zone and the public holidays it is read with are the
 * organisation's, saved with its profile (update-organisation-profile.ts, decision 0028).
 */
export async function updateChasingSettings(deps: OrgScope, input: ChasingSettingsUpdate): Promise<ChasingSettings> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { settings: current } = await readChasingContext(tx, deps.orgId);
    const values = {
      sendWindow: { days: [...input.working_days].sort((a, b) => a - b), start: input.send_window_start, end: input.send_window_end },
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
