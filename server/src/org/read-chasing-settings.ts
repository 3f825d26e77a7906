import { type ChasingSettings, DEFAULT_TIME_ZONE, type Letterhead } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { orgSettings } from '../db/schema';

import { publicHolidayTest } from './public-holidays';
import type { SendCalendar } from './send-calendar';

/** Everything about the organisation that planning and rendering a reminder depend on. */
export interface ChasingContext {
  settings: ChasingSettings;
  calendar: SendCalendar;
  /** Who reminders come from, by name: the organisation's sender name, else its own name. */
  senderName: string;
  signature: string;
  /** The company details and logo every email carries (decision 0038); optional so a context made by hand in a test may leave it out. */
  letterhead?: Letterhead;
}

/**
 * The organisation's chasing settings; one without a settings row yet has the columns' own
 * defaults. `db` is already scoped to the organisation (withOrg).
 */
export async function readChasingContext(db: DbOrTx, orgId: string): Promise<ChasingContext> {
  const [s] = await db.select().from(orgSettings).where(eq(orgSettings.orgId, orgId));
  // The app role cannot read the auth tables; this function shows it its own organisation's name only (migration 0013).
  const [named] = await db.execute<{ name: string | null }>(sql`select current_org_name() as name`).then((r) => r.rows);
  const settings: ChasingSettings = {
    time_zone: s?.timezone ?? DEFAULT_TIME_ZONE,
    send_window_start: s?.sendWindow.start ?? '09:00',
    send_window_end: s?.sendWindow.end ?? '17:00',
    working_days: s?.sendWindow.days ?? [1, 2, 3, 4, 5],
    holiday_region: s?.holidayRegion ?? null,
    weekly_cap: s?.weeklyCap ?? 2,
    sending_mode: s?.sendingMode ?? 'dryrun',
  };
  return {
    settings,
    calendar: {
      timeZone: settings.time_zone,
      workingDays: settings.working_days,
      windowStart: settings.send_window_start,
      windowEnd: settings.send_window_end,
      isHoliday: publicHolidayTest(settings.holiday_region),
    },
    senderName: s?.fromName ?? named?.name ?? '',
    signature: s?.signature ?? '',
    letterhead: {
      company_name: s?.companyName ?? null,
      company_number: s?.companyNumber ?? null,
      company_address: s?.companyAddress ?? null,
      vat_number: s?.vatNumber ?? null,
      logo: s?.logo ?? null,
    },
  };
}
