import { describe, expect, it } from 'vitest';

import { changedFields } from './record-audit';

describe('changedFields', () => {
  it('keeps only the fields that changed', () => {
    expect(changedFields({ name: 'A', currency: 'GBP', tags: ['x'] }, { name: 'B', currency: 'GBP', tags: ['x'] })).toEqual({
      before: { name: 'A' },
      after: { name: 'B' },
    });
  });

  it('treats a missing value as null and compares arrays by value', () => {
    expect(changedFields({}, { workflow_id: null, tags: [] })).toEqual({ before: { tags: null }, after: { tags: [] } });
    expect(changedFields({ tags: ['a', 'b'] }, { tags: ['a', 'b'] })).toBeNull();
  });
});
