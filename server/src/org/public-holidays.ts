import Holidays from 'date-holidays';

/**
 * Public holidays of a country or region, as date-holidays knows them: "GB" for the country,
 * "GB-SCT" for a region of it. Only days off count (`public` and `bank`), not observances such
 * as Mother's Day. Lists are computed once per region and year.
 */
const cache = new Map<string, Set<string>>();

function splitRegion(region: string): [string, string | undefined] {
  const [country = '', state] = region.split('-', 2);
  return [country, state];
}

/** The regions of a country, by code; date-holidays answers undefined (despite its types) for a country without any. */
export function statesOf(country: string): Record<string, string> {
  const states = new Holidays().getStates(country, 'en') as Record<string, string> | undefined;
  return states ?? {};
}

/** Whether date-holidays knows `region` ("GB", "GB-ENG", "DE-BY"). */
export function isHolidayRegion(region: string): boolean {
  const [country, state] = splitRegion(region);
  const countries = new Holidays().getCountries('en');
  if (!(country in countries)) return false;
  return state === undefined || state in statesOf(country);
}

function holidaysOf(region: string, year: number): Set<string> {
  const key = `${region}:${year}`;
  let days = cache.get(key);
  if (!days) {
    const [country, state] = splitRegion(region);
    const calendar = state ? new Holidays(country, state) : new Holidays(country);
    days = new Set(
      calendar.getHolidays(year)
        .filter((h) => h.type === 'public' || h.type === 'bank')
        .map((h) => h.date.slice(0, 10)),
    );
    cache.set(key, days);
  }
  return days;
}

/** A test for "is this calendar date (YYYY-MM-DD) a public holiday there"; never true without a region. */
export function publicHolidayTest(region: string | null): (day: string) => boolean {
  if (!region) return () => false;
  return (day) => holidaysOf(region, Number(day.slice(0, 4))).has(day);
}
