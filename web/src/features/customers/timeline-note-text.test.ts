import type { TimelineItem } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { describeTimelineActor, describeTimelineItem } from './timeline-text';

type NoteItem = Extract<TimelineItem, { kind: 'note' }>;
const item = (overrides: Partial<NoteItem>): NoteItem => ({
  id: '99999999-0000-4000-8000-000000000001',
  at: '2026-11-21T14:05:00Z',
  kind: 'note',
  note_kind: 'call',
  body: 'Will pay on Friday',
  contact_name: 'Jane Smith',
  outcome: 'spoke',
  follow_up_on: '2026-12-03',
  follow_up_done_at: null,
  actor_id: '11111111-1111-4111-8111-111111111111',
  actor_name: 'Ann Owner',
  ...overrides,
});

describe('a note or a call on the timeline (decision 0043)', () => {
  it('says who was called, how it went, what was said and the follow-up, by whom', () => {
    expect(describeTimelineItem(item({}))).toBe('Call with Jane Smith: spoke to them — “Will pay on Friday” · Follow up on 3 December 2026');
    expect(describeTimelineItem(item({ outcome: 'no_answer', body: '', follow_up_on: null }))).toBe('Call with Jane Smith: no answer');
    expect(describeTimelineItem(item({ follow_up_done_at: '2026-12-03T09:00:00Z' }))).toMatch(/· Followed up$/);
    expect(describeTimelineActor(item({}))).toBe('Ann Owner');
  });

  it('quotes a note, cut short when long', () => {
    expect(describeTimelineItem(item({ note_kind: 'note', contact_name: null, outcome: null, body: 'Prefers email', follow_up_on: null }))).toBe('Note: Prefers email');
    const long = describeTimelineItem(item({ note_kind: 'note', contact_name: null, outcome: null, body: 'x'.repeat(300), follow_up_on: null }));
    expect(long).toBe(`Note: ${'x'.repeat(200)}…`);
  });
});
