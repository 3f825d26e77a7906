import { describe, expect, it } from 'vitest';

import { nextEmailsInBrief, nextEmailsInWords } from './sending-modes';

describe('the next emails in words (decision 0046)', () => {
  const saturday = '2026-11-28';

  it('names the day the next emails go, not a count of the next 24 hours', () => {
    expect(nextEmailsInWords({ day: '2026-11-30', emails: 19 }, saturday)).toBe('Nothing goes out before Monday 30 November, when 19 emails do');
    expect(nextEmailsInWords({ day: '2026-11-28', emails: 1 }, saturday)).toBe('1 email goes out today');
    expect(nextEmailsInWords({ day: '2026-11-29', emails: 1_200 }, saturday)).toBe('1,200 emails go out tomorrow');
    expect(nextEmailsInWords({ day: '2027-01-04', emails: 1 }, saturday)).toBe('Nothing goes out before Monday 4 January 2027, when 1 email does');
  });

  it('says it in brief for the sentence that sets them aside', () => {
    expect(nextEmailsInBrief({ day: '2026-11-30', emails: 19 }, saturday)).toBe('19 on Monday 30 November');
    expect(nextEmailsInBrief({ day: '2026-11-29', emails: 2 }, saturday)).toBe('2 tomorrow');
  });
});
