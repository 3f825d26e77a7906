import { organisationToday } from '@receivables/contracts';

import { useOrganisationSettings } from './api/get-organisation-settings';

/**
 * The organisation's today (YYYY-MM-DD) in its own time zone, not the browser's: days late on
 * screen are the ones the export and the reminders count (docs/domain.md, Dates and "today").
 */
export function useOrganisationToday(): string {
  return organisationToday(useOrganisationSettings().time_zone);
}
