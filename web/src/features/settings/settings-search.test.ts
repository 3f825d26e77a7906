import { describe, expect, it } from 'vitest';

import { settingsSearchSchema } from './settings-search';

describe('settingsSearchSchema', () => {
  it('keeps a known section', () => {
    expect(settingsSearchSchema.parse({ section: 'templates' })).toEqual({ section: 'templates' });
  });

  it.each([[{}], [{ section: 'delivery' }], [{ section: 3 }], [{ section: ['templates'] }]])('opens Chasing for %j', (search) => {
    expect(settingsSearchSchema.parse(search)).toEqual({ section: 'chasing' });
  });
});
