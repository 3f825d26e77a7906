import { describe, expect, it } from 'vitest';

import { describeDeferral, describeRecipients, formatSendTime } from './preview-words';

describe('formatSendTime', () => {
  it('shows the long date and the time on the organisation’s clock, not the viewer’s', () => {
    expect(formatSendTime('2026-11-03T09:00:00Z', 'Europe/London')).toBe('3 November 2026 at 09:00');
    expect(formatSendTime('2026-11-03T09:00:00Z', 'America/New_York')).toBe('3 November 2026 at 04:00');
    // Summer time: 09:00 in London is 08:00 UTC.
    expect(formatSendTime('2026-07-01T08:00:00Z', 'Europe/London')).toBe('1 July 2026 at 09:00');
  });

  it('says N/A for something that is not an instant', () => {
    expect(formatSendTime('soon', 'Europe/London')).toBe('N/A');
  });
});

describe('describeDeferral', () => {
  it('puts every reason in words, in the order met', () => {
    expect(describeDeferral(['public_holiday', 'weekly_cap'])).toBe('Later than its day: moved past a public holiday, held back by the weekly cap');
  });

  it('says nothing for an email on time', () => {
    expect(describeDeferral([])).toBeNull();
  });
});

describe('describeRecipients', () => {
  it('names people when it can', () => {
    expect(describeRecipients([{ name: 'Ada', email: 'ada@example.com' }, { name: null, email: 'ap@example.com' }])).toBe(
      'Ada <ada@example.com>, ap@example.com',
    );
  });
});
