import { describe, expect, it } from 'vitest';

import { tagChipColours } from './tag-colours';

describe('tagChipColours', () => {
  it('puts text that reaches 4.5:1 on every colour: black on the mid colours neither white nor near-black reach it on', () => {
    // The demo's tags: near-black is 4.46:1 on the green, white 4.22:1 on the red and 4.31:1 on the teal.
    expect(tagChipColours('#43a047')).toEqual({ bgcolor: '#43a047', color: '#000000' });
    expect(tagChipColours('#e53935')?.color).toBe('#000000');
    expect(tagChipColours('#00897b')?.color).toBe('#000000');
    expect(tagChipColours('#1e88e5')?.color).toBe('#000000');
  });

  it('keeps near-black or white where they reach 4.5:1, and refuses what is not a colour', () => {
    expect(tagChipColours('#1e3a8a')).toEqual({ bgcolor: '#1e3a8a', color: '#ffffff' });
    expect(tagChipColours('#fff')?.color).toBe('#1f2933');
    expect(tagChipColours('red')).toBeUndefined();
    expect(tagChipColours('#12345')).toBeUndefined();
  });
});
