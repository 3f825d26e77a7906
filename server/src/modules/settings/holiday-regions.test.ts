import { describe, expect, it } from 'vitest';

import { defaultHolidayRegion, listHolidayRegions } from './holiday-regions';

describe('the public holidays a new organisation starts with (decision 0046)', () => {
  it('are its time zone’s country, England’s for London', () => {
    expect(defaultHolidayRegion('Europe/London')).toBe('GB-ENG');
    expect(defaultHolidayRegion('Europe/Berlin')).toBe('DE');
    expect(defaultHolidayRegion('Europe/Paris')).toBe('FR');
    expect(defaultHolidayRegion('America/New_York')).toBe('US');
  });

  it('are none for a zone several countries share, or one nobody lists', () => {
    expect(defaultHolidayRegion('Africa/Lagos')).toBeNull();
    expect(defaultHolidayRegion('UTC')).toBeNull();
  });

  it('are always one the region list offers', () => {
    const codes = new Set(listHolidayRegions().map((r) => r.code));
    for (const zone of ['Europe/London', 'Europe/Madrid', 'Asia/Tokyo', 'Australia/Sydney']) {
      const region = defaultHolidayRegion(zone);
      expect(region === null || codes.has(region), zone).toBe(true);
    }
  });
});
