import { z } from 'zod';

import { currencyInputSchema } from '../common/dates';
import { isTimeZone } from '../common/org-today';
import { storableText, textSchema } from '../common/text';

let currencies: ReadonlySet<string> | undefined;

/**
 * Whether `code` is a currency ISO 4217 lists, by the runtime's own list (ICU): "ABC" has the
 * shape of a code and is none. The same answer in the browser and on the server.
 */
export function isIsoCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** The longest organisation name: the switcher shows the whole of a name this long on a laptop. */
export const ORGANISATION_NAME_MAX = 100;

/**
 * `GET` and `PUT /api/organisation/profile` (Settings → Organisation, decision 0028): what the
 * organisation is called, the currency new customers and imports start in, the country or region
 * whose public holidays no reminder goes out on, and the time zone that decides its "today".
 */
export const organisationProfileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** ISO 4217 code, such as GBP. */
  default_currency: z.string(),
  /** A date-holidays region ("GB-ENG", "DE-BY", "US"); null for none. */
  holiday_region: z.string().nullable(),
  /** IANA zone, such as Europe/London. */
  time_zone: z.string(),
});
export type OrganisationProfile = z.infer<typeof organisationProfileSchema>;

const organisationNameSchema = textSchema({ min: 1, max: ORGANISATION_NAME_MAX });

/** `PUT /api/organisation/profile`: every field, as the form holds them (an unknown region is the server's 400). */
export const organisationProfileUpdateSchema = z.strictObject({
  name: organisationNameSchema,
  default_currency: currencyInputSchema.refine(isIsoCurrency, 'must be an ISO 4217 currency code such as GBP'),
  holiday_region: storableText(z.string().max(20)).nullable(),
  time_zone: z.string().refine(isTimeZone, 'must be a time zone such as Europe/London'),
});
export type OrganisationProfileUpdate = z.infer<typeof organisationProfileUpdateSchema>;
export type OrganisationProfileUpdateInput = z.input<typeof organisationProfileUpdateSchema>;

/**
 * `DELETE /api/organisation/`: the organisation's name typed again, exactly, so the one the
 * owner meant — not the one a stale tab is signed in to — is the one that goes.
 */
export const organisationDeleteSchema = z.strictObject({ name: textSchema({ min: 1, max: 1000 }) });
export type OrganisationDelete = z.infer<typeof organisationDeleteSchema>;
