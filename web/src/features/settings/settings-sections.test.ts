import { describe, expect, it } from 'vitest';

import { settingsRedirectSearchSchema, settingsSectionOf } from './settings-sections';

describe('settingsRedirectSearchSchema', () => {
  it('keeps a known section', () => {
    expect(settingsRedirectSearchSchema.parse({ section: 'templates' })).toEqual({ section: 'templates' });
  });

  it.each([[{}], [{ section: 'delivery' }], [{ section: 3 }], [{ section: ['templates'] }]])('opens Chasing for %j', (search) => {
    expect(settingsRedirectSearchSchema.parse(search)).toEqual({ section: 'chasing' });
  });
});

describe('settingsSectionOf', () => {
  it.each([
    ['/settings/email', 'email'],
    ['/settings/audit', 'audit'],
    ['/settings', undefined],
    ['/settings/', undefined],
    ['/settings/delivery', undefined],
  ])('reads %s as %s', (pathname, section) => {
    expect(settingsSectionOf(pathname)).toBe(section);
  });
});
