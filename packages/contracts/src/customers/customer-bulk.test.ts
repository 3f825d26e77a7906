import { describe, expect, it } from 'vitest';

import { CUSTOMER_BULK_MATCHING_MAX, customerBulkActionSchema } from './customer-bulk';
import { customerExportQuerySchema } from './customer-export';

const id = () => crypto.randomUUID();

describe('customer bulk action contract', () => {
  it('accepts each action type', () => {
    for (const action of [
      { type: 'add_tag', tag: { id: id() } },
      { type: 'add_tag', tag: { name: 'VIP', colour: '#123456' } },
      { type: 'remove_tag', tag_id: id() },
      { type: 'pause', until: '2099-01-01' },
      { type: 'pause', until: null },
      { type: 'resume' },
      { type: 'assign_workflow', workflow_id: null },
    ]) {
      expect(customerBulkActionSchema.safeParse({ customer_ids: [id()], action }).success, JSON.stringify(action)).toBe(true);
    }
  });

  it('refuses no ids, more than 1000, repeated ids and unknown actions', () => {
    const one = id();
    const bad = [
      { customer_ids: [], action: { type: 'resume' } },
      { customer_ids: Array.from({ length: 1001 }, id), action: { type: 'resume' } },
      { customer_ids: [one, one], action: { type: 'resume' } },
      { customer_ids: [id()], action: { type: 'delete' } },
      { customer_ids: [id()], action: { type: 'pause', until: '2100-01-01' } },
      { customer_ids: ['nope'], action: { type: 'resume' } },
    ];
    for (const body of bad) expect(customerBulkActionSchema.safeParse(body).success, JSON.stringify(body).slice(0, 80)).toBe(false);
  });
});

describe('customer bulk action over every match', () => {
  const filterStr = JSON.stringify([{ field: 'standing', operator: 'eq', value: 'multiple_missed' }]);
  const issuePaths = (body: unknown) => {
    const result = customerBulkActionSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };

  it('accepts the list’s search and filters, or none (every customer)', () => {
    expect(customerBulkActionSchema.parse({ matching: { q: ' acme ', filter_str: filterStr }, action: { type: 'resume' } })).toEqual({
      matching: { q: 'acme', filter_str: [{ field: 'standing', operator: 'eq', value: 'multiple_missed' }] },
      action: { type: 'resume' },
    });
    expect(customerBulkActionSchema.safeParse({ matching: {}, action: { type: 'resume' } }).success).toBe(true);
    expect(CUSTOMER_BULK_MATCHING_MAX).toBe(100_000);
  });

  it('wants exactly one of customer_ids and matching, naming the field', () => {
    expect(issuePaths({ action: { type: 'resume' } })).toEqual(['customer_ids']);
    expect(issuePaths({ customer_ids: [id()], matching: {}, action: { type: 'resume' } })).toEqual(['matching']);
  });

  it('refuses unknown keys in matching (a typo must not widen it to everyone) and over-long values', () => {
    expect(issuePaths({ matching: { filter: filterStr }, action: { type: 'resume' } })).toEqual(['matching']);
    expect(issuePaths({ matching: { q: 'x'.repeat(201) }, action: { type: 'resume' } })).toEqual(['matching.q']);
    expect(issuePaths({ matching: { filter_str: 'x'.repeat(10_001) }, action: { type: 'resume' } })).toEqual(['matching.filter_str']);
  });

  it('names a bad filter by its own path inside matching', () => {
    const badField = '[{"field":"colour","operator":"eq","value":1}]';
    expect(issuePaths({ matching: { filter_str: badField }, action: { type: 'resume' } })).toEqual(['matching.filter_str.0.field']);
    expect(issuePaths({ matching: { filter_str: 'nope' }, action: { type: 'resume' } })).toEqual(['matching.filter_str']);
  });
});

describe('customer export query contract', () => {
  it('takes the list query without paging', () => {
    expect(customerExportQuerySchema.parse({ q: ' acme ', sort_field: 'amount_overdue' })).toEqual({ q: 'acme', sort_field: 'amount_overdue', sort_order: 'asc' });
    expect(customerExportQuerySchema.safeParse({ sort_field: 'nope' }).success).toBe(false);
    expect(customerExportQuerySchema.parse({ filter_str: '[{"field":"currency","operator":"eq","value":"eur"}]' }).filter_str).toEqual([
      { field: 'currency', operator: 'eq', value: 'EUR' },
    ]);
  });
});
