import { organisationToday } from '@receivables/contracts';

import type { Tx } from '../db/client';

import { readOrganisationSettings } from './read-organisation-settings';

/**
 * The organisation's today (YYYY-MM-DD) by the one rule in contracts, in its own time zone: for
 * days late in the export, pause dates and every job (docs/domain.md, Dates and "today"). `tx`
 * is already scoped to the organisation.
 */
export async function readOrganisationToday(tx: Tx, orgId: string, now: Date = new Date()): Promise<string> {
  const { time_zone: timeZone } = await readOrganisationSettings(tx, orgId);
  return organisationToday(timeZone, now);
}
