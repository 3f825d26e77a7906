import { z } from 'zod';

import { sendingModeSchema } from '../settings/chasing-settings';
import { roleSchema } from '../team/permissions';

/**
 * `GET /api/organisation/`: what every screen needs to show money and dates the organisation's
 * way — its time zone, which decides "today" (docs/domain.md, Dates and "today"), and its default
 * currency, which Home opens on (docs/decisions/0013-money-never-mixed.md).
 */
export const organisationSettingsSchema = z.object({
  /** IANA zone, such as Europe/London. */
  time_zone: z.string(),
  /** ISO 4217 code, such as GBP. */
  default_currency: z.string(),
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

/**
 * `GET /api/organisation/`: the settings, and the caller's role in the organisation (decision
 * 0024), which the screens read to offer only what that role may do.
 */
export const organisationViewSchema = organisationSettingsSchema.extend({
  role: roleSchema,
  /** Whether emails leave (decision 0019): every screen's top bar says so, for everyone (decision 0040). */
  sending_mode: sendingModeSchema,
});
export type OrganisationView = z.infer<typeof organisationViewSchema>;
