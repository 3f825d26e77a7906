import { describe, expect, it } from 'vitest';

import { formatClockInZone } from '../../lib/format';

import { describeAddresses, describeWhenWord, emptyTabText, formatEventDay, liveRenderWords } from './event-words';

describe('event words', () => {
  it('tells the day and time on the organisation’s clock, not the viewer’s', () => {
    // 23:30 UTC is already the next morning in Kiritimati (UTC+14).
    expect(formatEventDay('2026-11-03T23:30:00Z', 'Europe/London')).toBe('3 November 2026');
    expect(formatEventDay('2026-11-03T23:30:00Z', 'Pacific/Kiritimati')).toBe('4 November 2026');
    expect(formatClockInZone('2026-11-03T23:30:00Z', 'Pacific/Kiritimati')).toBe('13:30');
    expect(formatEventDay('nope', 'Europe/London')).toBe('N/A');
  });

  it('says what “when” means for each kind of email', () => {
    expect(describeWhenWord({ status: 'pending', direction: 'outbox', sent_at: null })).toBe('Goes out');
    expect(describeWhenWord({ status: 'superseded', direction: 'outbox', sent_at: null })).toBe('Was planned for');
    expect(describeWhenWord({ status: 'success', direction: 'outbox', sent_at: '2026-11-03T09:00:00Z' })).toBe('Sent');
    expect(describeWhenWord({ status: 'incoming', direction: 'inbox', sent_at: '2026-11-03T09:00:00Z' })).toBe('Received');
    expect(describeWhenWord({ status: 'draft_success', direction: 'outbox', sent_at: '2026-11-03T09:00:00Z' })).toBe('Drafted');
    // Unknown: tried at its time, unless the sender recorded the hand-off.
    expect(describeWhenWord({ status: 'unknown', direction: 'outbox', sent_at: null })).toBe('Tried');
  });

  it('writes recipients as an address line', () => {
    expect(describeAddresses([{ name: 'Pat', email: 'pat@example.com' }, { name: null, email: 'ap@example.com' }])).toBe('Pat <pat@example.com>, ap@example.com');
  });

  it('says why a tab is empty, for one customer or everyone', () => {
    expect(emptyTabText('outbox', null).title).toBe('Nothing planned yet');
    expect(emptyTabText('outbox', null).body).toMatch(/^Emails appear here when a customer falls behind and their workflow plans a reminder/);
    expect(emptyTabText('inbox', 'Acme Ltd').title).toBe('No replies yet for Acme Ltd');
  });
});

describe('liveRenderWords', () => {
  it('says today’s figures once the planned day has come, and the planned day’s before it', () => {
    expect(liveRenderWords(null, '2026-11-04')).toBeUndefined();
    expect(liveRenderWords('2026-11-04', '2026-11-04')).toBe('Rendered from today’s figures: what would go out now.');
    expect(liveRenderWords('2026-11-06', '2026-11-04')).toBe(
      'Rendered as it will read on 6 November 2026, the day it is planned to go. Sent now, it counts days late to today.',
    );
  });
});
