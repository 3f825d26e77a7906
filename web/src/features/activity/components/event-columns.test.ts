import { describe, expect, it } from 'vitest';

import { EVENT_COLUMNS, type EventColumn } from './event-columns';

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const SIZES: readonly Size[] = ['xs', 'sm', 'md', 'lg', 'xl'];

/** The columns a screen of this size shows, each with its width there (MUI carries a width up to wider sizes). */
function columnsAt(size: Size): { id: EventColumn['id']; width: number | undefined }[] {
  const upTo = SIZES.slice(0, SIZES.indexOf(size) + 1);
  return EVENT_COLUMNS.filter((c) => !c.hideBelow || upTo.includes(c.hideBelow)).map((c) => ({
    id: c.id,
    width: upTo.reduce<number | undefined>((width, s) => c.width?.[s] ?? width, undefined),
  }));
}

/** What a card this wide leaves for the column without a width: the subject, or on a phone the customer. */
const freeRoom = (size: Size, cardWidth: number) => cardWidth - columnsAt(size).reduce((sum, c) => sum + (c.width ?? 0), 0);

describe('Activity columns', () => {
  it('gives the subject the room on a 1280 px laptop, the kind and tone giving way to it (decision 0040)', () => {
    expect(columnsAt('lg').map((c) => c.id)).toEqual(['when', 'customer', 'subject', 'status', 'to']);
    // 1280 less the 280 px menu, the page's 2 × 32 px margins and the card's border: 934 px.
    expect(freeRoom('lg', 934)).toBeGreaterThanOrEqual(340);
  });

  it('shows all seven columns from 1536 px, the subject still the widest', () => {
    expect(columnsAt('xl').map((c) => c.id)).toEqual(['when', 'customer', 'subject', 'kind', 'tone', 'status', 'to']);
    // 1536 less the menu, margins and border: 1190 px.
    expect(freeRoom('xl', 1190)).toBeGreaterThanOrEqual(280);
  });

  it('keeps a phone to when, customer and status', () => {
    expect(columnsAt('xs').map((c) => c.id)).toEqual(['when', 'customer', 'status']);
    // 390 less the 2 × 16 px margins and the border; the customer column takes the rest.
    expect(freeRoom('xs', 356)).toBeGreaterThanOrEqual(140);
  });
});
