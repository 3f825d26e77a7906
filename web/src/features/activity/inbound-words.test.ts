import { describe, expect, it } from 'vitest';

import { describeMailbox, describeUnread, formatFileSize, formatReturnDay, splitOnPhrases } from './inbound-words';

describe('splitOnPhrases', () => {
  it('marks each phrase wherever it occurs, in any case, and joins overlaps', () => {
    expect(splitOnPhrases('We Dispute this; the goods never arrived.', ['dispute', 'never arrived'])).toEqual([
      { text: 'We ', isMatch: false },
      { text: 'Dispute', isMatch: true },
      { text: ' this; the goods ', isMatch: false },
      { text: 'never arrived', isMatch: true },
      { text: '.', isMatch: false },
    ]);
    expect(splitOnPhrases('paid in full', ['paid in', 'in full'])).toEqual([{ text: 'paid in full', isMatch: true }]);
    expect(splitOnPhrases('nothing here', [])).toEqual([{ text: 'nothing here', isMatch: false }]);
    expect(splitOnPhrases('', ['x'])).toEqual([]);
  });
});

describe('the words of received mail', () => {
  it('names a writer, with the address, or says none was given', () => {
    expect(describeMailbox({ address: 'jane@x.example', name: 'Jane Doe' })).toBe('Jane Doe <jane@x.example>');
    expect(describeMailbox({ address: 'jane@x.example', name: null })).toBe('jane@x.example');
    expect(describeMailbox(null)).toBe('An unknown sender');
  });

  it('counts unread replies and sizes files as a person reads them', () => {
    expect(describeUnread(1)).toBe('1 unread reply');
    expect(describeUnread(3)).toBe('3 unread replies');
    expect([0, 1, 900, 1024, 52_430, 1_572_864, 12_582_912].map(formatFileSize)).toEqual(['0 bytes', '1 byte', '900 bytes', '1 KB', '51 KB', '1.5 MB', '12 MB']);
  });

  it('says the day someone is back with its weekday, and its year only when it is another', () => {
    expect(formatReturnDay('2026-12-10', '2026-11-23T10:00:00Z')).toBe('Thursday 10 December');
    expect(formatReturnDay('2027-01-04', '2026-12-20T10:00:00Z')).toBe('Monday 4 January 2027');
  });
});
