import { describe, expect, it } from 'vitest';

import { actionRecord, OTHER_WORKFLOW_ID, workflowRecord } from '../../test/workflow-data';

import { applyWorkflowUpdateToList, describeStep, isOutOfDayOrder, moveId, stepsOf } from './workflow-steps';

const a = actionRecord({ id: 'a', delay_days: 1, position: 0 });
const b = actionRecord({ id: 'b', delay_days: 7, position: 1, email_name: 'Firm reminder', tone: 'firm' });
const m = actionRecord({ id: 'm', standing: 'multiple_missed', delay_days: 0, position: 0 });

describe('describeStep', () => {
  it('reads days from the due date, template, kind, tone and repeats', () => {
    expect(describeStep(b)).toBe('7 days after the due date — Firm reminder (Reminder, Firm)');
    const escalation = actionRecord({ kind: 'escalation_email', tone: 'urgent', email_name: 'Urgent escalation', delay_days: 90, repeat_days: 14 });
    expect(describeStep(escalation)).toBe('90 days after the due date — Urgent escalation (Escalation, Urgent), then every 14 days');
    expect(describeStep(actionRecord({ standing: 'in_good_standing', delay_days: -3 }))).toBe('3 days before the due date — Friendly reminder (Reminder, Friendly reminder)');
    expect(describeStep(actionRecord({ standing: 'in_good_standing', delay_days: 0 }))).toBe('On the due date — Friendly reminder (Reminder, Friendly reminder)');
    expect(describeStep(actionRecord({ delay_days: 1 }))).toBe('1 day after the due date — Friendly reminder (Reminder, Friendly reminder)');
  });
});

describe('moveId', () => {
  it('moves one id and keeps the rest in order', () => {
    expect(moveId(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the order alone for a move off either end', () => {
    expect(moveId(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveId(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('isOutOfDayOrder', () => {
  it('is false while days never go down, ties included', () => {
    expect(isOutOfDayOrder([{ delay_days: 1 }, { delay_days: 1 }, { delay_days: 7 }])).toBe(false);
    expect(isOutOfDayOrder([])).toBe(false);
  });

  it('is true when a step comes after a later day', () => {
    expect(isOutOfDayOrder([{ delay_days: 7 }, { delay_days: 1 }])).toBe(true);
  });
});

describe('applyWorkflowUpdateToList', () => {
  const list = {
    rows: [workflowRecord({ actions: [a, b, m] }), workflowRecord({ id: OTHER_WORKFLOW_ID, name: 'Gentle', is_default: false })],
    total: 2,
  };

  it('puts one standing in the new order and leaves the other alone', () => {
    const next = applyWorkflowUpdateToList(list, { id: list.rows[0]!.id, action_order: { single_missed: ['b', 'a'] } });
    expect(stepsOf(next.rows[0]!, 'single_missed').map((s) => s.id)).toEqual(['b', 'a']);
    expect(stepsOf(next.rows[0]!, 'multiple_missed').map((s) => s.id)).toEqual(['m']);
  });

  it('makes one workflow the default and unmakes the previous one', () => {
    const next = applyWorkflowUpdateToList(list, { id: OTHER_WORKFLOW_ID, is_default: true, enabled: true });
    expect(next.rows.map((w) => [w.name, w.is_default])).toEqual([
      ['Standard chasing', false],
      ['Gentle', true],
    ]);
  });
});
