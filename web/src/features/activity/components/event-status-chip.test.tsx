import { EVENT_STATUSES, type EventStatus } from '@receivables/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { EventStatusChip } from './event-status-chip';

/**
 * What a reader should see for each status in docs/domain.md#events-and-sending: the word, and a colour that matches what it
 * asks of them. Written out rather than read from EVENT_STATUS_COLOURS, so a colour changed there
 * has to be changed here on purpose.
 */
const EXPECTED: Record<EventStatus, { text: string; colour: string }> = {
  pending: { text: 'Planned', colour: 'Info' },
  success: { text: 'Sent', colour: 'Success' },
  draft_success: { text: 'Draft', colour: 'Secondary' },
  failure: { text: 'Failed', colour: 'Error' },
  superseded: { text: 'Superseded', colour: 'Default' },
  incoming: { text: 'Received', colour: 'Primary' },
  unknown: { text: 'Unknown', colour: 'Warning' },
};

/** The chip's visible word and every MUI colour class it carries. */
function renderChip(status: EventStatus): { text: string; colours: string[] } {
  const { container, unmount } = render(<EventStatusChip status={status} />);
  const chip = container.querySelector('.MuiChip-root');
  const shown = { text: chip?.textContent ?? '', colours: [...(chip?.className.matchAll(/\bMuiChip-color(\w+)\b/g) ?? [])].map((m) => m[1] ?? '') };
  unmount();
  return shown;
}

describe('EventStatusChip', () => {
  it('covers every status the API can send', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...EVENT_STATUSES].sort());
  });

  it.each(EVENT_STATUSES)('shows %s in its own word and colour', (status) => {
    expect(renderChip(status)).toEqual({ text: EXPECTED[status].text, colours: [EXPECTED[status].colour] });
  });

  it('never gives two statuses the same word or colour, and only a superseded email is grey', () => {
    const chips = EVENT_STATUSES.map(renderChip);
    expect(new Set(chips.map((c) => c.text)).size).toBe(EVENT_STATUSES.length);
    expect(new Set(chips.map((c) => c.colours.join())).size).toBe(EVENT_STATUSES.length);
    // Grey says "nothing to do here": right for an email that will never be sent, wrong for any other.
    expect(EVENT_STATUSES.filter((_, i) => chips[i]?.colours.includes('Default'))).toEqual(['superseded']);
  });
});
