import { todayIn } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { orgSettings } from '../../db/schema';

/** The zone of an organisation with no settings row yet: the column's own default. */
const DEFAULT_TIME_ZONE = 'Europe/London';

/**
 * The organisation's "today" (YYYY-MM-DD) in its own time zone: the one rule for days late, due
 * and overdue, in the list, the export and every job (docs/domain.md). `tx` is already scoped
 * to the organisation.
 */
export async function organisationToday(tx: Tx, orgId: string, now: Date = new Date()): Promise<string> {
  const [settings] = await tx.select({ timezone: orgSettings.timezone }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  return todayIn(settings?.timezone ?? DEFAULT_TIME_ZONE, now);
}
