import { isIsoCurrency, ORGANISATION_NAME_MAX, type OrganisationProfile, type OrganisationProfileUpdateInput } from '@receivables/contracts';
import { z } from 'zod';

/**
 * The Organisation form: the API's `organisationProfileUpdateSchema` worded for a person, so most
 * mistakes are caught before a round trip. The server still decides (and names the field).
 */
export const organisationFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter the organisation’s name').max(ORGANISATION_NAME_MAX, `Use at most ${ORGANISATION_NAME_MAX} characters`),
  default_currency: z.string().refine(isIsoCurrency, 'Choose a currency'),
  holiday_region: z.string().nullable(),
  time_zone: z.string().min(1, 'Choose a time zone'),
});
export type OrganisationFormValues = z.infer<typeof organisationFormSchema>;

/** The fields the API may name in a refusal, each shown next to its own input. */
export const ORGANISATION_FIELDS = ['name', 'default_currency', 'holiday_region', 'time_zone'] as const;

export function organisationFormValues(profile: OrganisationProfile): OrganisationFormValues {
  const { name, default_currency, holiday_region, time_zone } = profile;
  return { name, default_currency, holiday_region, time_zone };
}

export function organisationUpdate(values: OrganisationFormValues): OrganisationProfileUpdateInput {
  return { ...values, name: values.name.trim() };
}
