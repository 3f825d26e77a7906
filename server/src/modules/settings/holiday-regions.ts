import type { HolidayRegion } from '@receivables/contracts';
import Holidays from 'date-holidays';

import { statesOf } from '../../org/public-holidays';

let regions: HolidayRegion[] | undefined;

/** Every country date-holidays knows, and each of its regions ("United Kingdom — Scotland"), by name. */
export function listHolidayRegions(): HolidayRegion[] {
  if (!regions) {
    const holidays = new Holidays();
    const list: HolidayRegion[] = [];
    for (const [country, countryName] of Object.entries(holidays.getCountries('en'))) {
      list.push({ code: country, name: countryName });
      for (const [state, stateName] of Object.entries(statesOf(country))) {
        list.push({ code: `${country}-${state}`, name: `${countryName} — ${stateName}` });
      }
    }
    regions = list.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return regions;
}

/**
 * Where a country's own calendar leaves out a holiday most of it keeps, the region most of its
 * organisations are in: date-holidays' "GB" has only the days all four nations share, so it lacks
 * England and Wales' August bank holiday (decision 0046).
 */
const MAIN_REGION: Readonly<Record<string, string>> = { GB: 'GB-ENG' };

let countriesByZone: Map<string, string[]> | undefined;

/**
 * The public holidays a new organisation starts with, from its time zone (decision 0046): the
 * country date-holidays gives that zone, when exactly one does (Europe/London → GB-ENG,
 * Europe/Berlin → DE); none when a zone is shared by several countries (Africa/Lagos) or unknown.
 * An organisation has no country of its own to go by; its zone is where it works.
 */
export function defaultHolidayRegion(timeZone: string): string | null {
  if (!countriesByZone) {
    const map = new Map<string, string[]>();
    for (const country of Object.keys(new Holidays().getCountries('en'))) {
      for (const zone of new Holidays(country).getTimezones()) map.set(zone, [...(map.get(zone) ?? []), country]);
    }
    countriesByZone = map;
  }
  const countries = countriesByZone.get(timeZone) ?? [];
  const [country] = countries;
  if (countries.length !== 1 || !country) return null;
  return MAIN_REGION[country] ?? country;
}
