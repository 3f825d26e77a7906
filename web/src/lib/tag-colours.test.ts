import { describe, expect, it } from 'vitest';

import { tagChipColours } from './tag-colours';

describe('tagChipColours', () => {
  it('puts dark text on the mid green that white fails on (3.3:1), white on dark colours, and refuses what is not a colour', () => {
    expect(tagChipColours('#43a047')).toEqual({ bgcolor: '#43a047', color: '#1f2933' });
    expect(tagChipColours('#1e3a8a')).toEqual({ bgcolor: '#1e3a8a', color: '#ffffff' });
    expect(tagChipColours('#fff')?.color).toBe('#1f2933');
    expect(tagChipColours('red')).toBeUndefined();
    expect(tagChipColours('#12345')).toBeUndefined();
  });
});
