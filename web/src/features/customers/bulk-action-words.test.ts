import { describe, expect, it } from 'vitest';

import { bulkActionWords } from './bulk-action-words';

describe('bulkActionWords', () => {
  it('says how far a job is and what it changed, for each action', () => {
    const cases = [
      [{ type: 'pause', until: null }, {}, 'Paused 12,300 of 100,000 customers…', '1 customer paused indefinitely'],
      [{ type: 'resume' }, {}, 'Resumed 12,300 of 100,000 customers…', '1 customer resumed'],
      [{ type: 'add_tag', tag: { name: 'VIP' } }, {}, 'Added “VIP” to 12,300 of 100,000 customers…', 'Tag “VIP” added to 1 customer'],
      [{ type: 'add_tag', tag: { id: 'x' } }, { tag: 'Key' }, 'Added “Key” to 12,300 of 100,000 customers…', 'Tag “Key” added to 1 customer'],
      [{ type: 'remove_tag', tag_id: 'x' }, { tag: 'VIP' }, 'Removed “VIP” from 12,300 of 100,000 customers…', 'Tag “VIP” removed from 1 customer'],
      [{ type: 'assign_workflow', workflow_id: 'x' }, { workflow: 'Gentle' }, 'Assigned “Gentle” to 12,300 of 100,000 customers…', 'Workflow “Gentle” assigned to 1 customer'],
      [
        { type: 'assign_workflow', workflow_id: null },
        { workflow: 'the organisation default (Standard)' },
        'Set 12,300 of 100,000 customers to follow the organisation default (Standard)…',
        '1 customer set to follow the organisation default (Standard)',
      ],
    ] as const;
    for (const [action, names, progress, outcome] of cases) {
      const words = bulkActionWords(action, names);
      expect(words.progress(12_300, 100_000)).toBe(progress);
      expect(words.outcome(1)).toBe(outcome);
    }
  });

  it('dates a pause with an end', () => {
    expect(bulkActionWords({ type: 'pause', until: '2026-12-01' }).outcome(2_000)).toBe('2,000 customers paused until 1 December 2026');
  });
});
