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
