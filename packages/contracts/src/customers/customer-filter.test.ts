import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { toMinorUnits } from '../common/money';

import type { CustomerFilter } from './customer-filter';
import { customerFilterStrSchema, serializeCustomerFilters } from './customer-filter-str';
import { customerListQuerySchema } from './customer-list';

const UUID = '0b6f4e5c-1d2e-4f3a-8b9c-0d1e2f3a4b5c';

const parse = (items: unknown[]) => customerFilterStrSchema.parse(JSON.stringify(items));

/** Each issue as the API reports it: `filter_str[0].value` and why. */
function issuesOf(raw: string): { field: string; reason: string }[] {
  const result = customerListQuerySchema.safeParse({ filter_str: raw });
  if (result.success) throw new Error(`expected ${raw} to be refused`);
  return result.error.issues.map((i) => ({ field: z.core.toDotPath(i.path), reason: i.message }));
}

describe('filter_str: the text of a filter', () => {
  it('reads nothing, blank and an empty array as no filter', () => {
    expect(customerListQuerySchema.parse({}).filter_str).toBeUndefined();
    expect(customerFilterStrSchema.parse('  ')).toEqual([]);
    expect(customerFilterStrSchema.parse('[]')).toEqual([]);
  });

  it.each([
    ['not JSON', '[{field', /JSON/],
    ['not an array', '{"field":"name"}', /array/],
    ['too long', `[${' '.repeat(10_000)}]`, /at most 10000 characters/],
    ['a NUL outside the JSON', '[]\u0000', /NUL/],
    ['more than 20 filters', JSON.stringify(Array.from({ length: 21 }, () => ({ field: 'name', operator: 'eq', value: 'a' }))), /at most 20/],
  ])('refuses %s, naming filter_str', (_label, raw, reason) => {
    expect(issuesOf(raw)).toEqual([{ field: 'filter_str', reason: expect.stringMatching(reason) as string }]);
  });
});

describe('filter_str: each field', () => {
  it.each<[string, unknown[], CustomerFilter[]]>([
    ['name', [{ field: 'name', operator: 'contains', value: ' ltd ' }, { field: 'name', operator: 'in', value: ['A', 'B'] }],
      [{ field: 'name', operator: 'contains', value: 'ltd' }, { field: 'name', operator: 'in', value: ['A', 'B'] }]],
    ['currency (upper-cased)', [{ field: 'currency', operator: 'in', value: ['gbp', 'EUR'] }], [{ field: 'currency', operator: 'in', value: ['GBP', 'EUR'] }]],
    ['standing', [{ field: 'standing', operator: 'ne', value: 'paused' }], [{ field: 'standing', operator: 'ne', value: 'paused' }]],
    ['amount_overdue of 0 without a currency', [{ field: 'amount_overdue', operator: 'gt', value: 0 }], [{ field: 'amount_overdue', operator: 'gt', value: 0 }]],
    ['n_invoices', [{ field: 'n_invoices', operator: 'gte', value: 2 }], [{ field: 'n_invoices', operator: 'gte', value: 2 }]],
    ['due_date, and eq null (no due date)', [{ field: 'due_date', operator: 'lt', value: '2024-05-01' }, { field: 'due_date', operator: 'eq', value: null }],
      [{ field: 'due_date', operator: 'lt', value: '2024-05-01' }, { field: 'due_date', operator: 'eq', value: null }]],
    ['last_chase_at', [{ field: 'last_chase_at', operator: 'gte', value: '2024-05-01T10:00:00+01:00' }], [{ field: 'last_chase_at', operator: 'gte', value: '2024-05-01T10:00:00+01:00' }]],
    ['workflow_id, and ne null', [{ field: 'workflow_id', operator: 'in', value: [UUID] }, { field: 'workflow_id', operator: 'ne', value: null }],
      [{ field: 'workflow_id', operator: 'in', value: [UUID] }, { field: 'workflow_id', operator: 'ne', value: null }]],
    ['tag_id', [{ field: 'tag_id', operator: 'ne', value: UUID }], [{ field: 'tag_id', operator: 'ne', value: UUID }]],
    ['contact_email', [{ field: 'contact_email', operator: 'contains', value: '@example' }, { field: 'contact_email', operator: 'eq', value: null }],
      [{ field: 'contact_email', operator: 'contains', value: '@example' }, { field: 'contact_email', operator: 'eq', value: null }]],
    ['chase_stopped, and ne null (chasing stopped for any reason)', [{ field: 'chase_stopped', operator: 'in', value: ['no_contact'] }, { field: 'chase_stopped', operator: 'ne', value: null }],
      [{ field: 'chase_stopped', operator: 'in', value: ['no_contact'] }, { field: 'chase_stopped', operator: 'ne', value: null }]],
  ])('reads %s as typed filters, and serialises them back to the same', (_label, items, filters) => {
    expect(parse(items)).toEqual(filters);
    expect(customerFilterStrSchema.parse(serializeCustomerFilters(filters))).toEqual(filters);
  });

  it.each([
    ['an item that is not an object', [42], 'filter_str[0]', /object/],
    ['unknown keys', [{ field: 'name', operator: 'eq', value: 'a', extra: 1 }], 'filter_str[0]', /keys other than/],
    ['an unknown field', [{ field: 'secret', operator: 'eq', value: 1 }], 'filter_str[0].field', /not a field.*name, currency/],
    ['an unknown operator', [{ field: 'name', operator: 'like', value: 'a' }], 'filter_str[0].operator', /does not apply to name; use one of eq, ne, contains, in/],
    ['an operator the field does not take', [{ field: 'currency', operator: 'gt', value: 'GBP' }], 'filter_str[0].operator', /does not apply to currency/],
    ['contains on an amount', [{ field: 'amount_overdue', operator: 'contains', value: '1' }], 'filter_str[0].operator', /does not apply/],
    ['a value of the wrong type', [{ field: 'n_invoices', operator: 'gt', value: '0' }], 'filter_str[0].value', /integer/],
    ['a bad UUID', [{ field: 'tag_id', operator: 'eq', value: 'nope' }], 'filter_str[0].value', /UUID/],
    ['a standing that does not exist', [{ field: 'standing', operator: 'eq', value: 'late' }], 'filter_str[0].value', /paused/],
    ['in without an array', [{ field: 'currency', operator: 'in', value: 'GBP' }], 'filter_str[0].value', /array/],
    ['in with an empty array', [{ field: 'currency', operator: 'in', value: [] }], 'filter_str[0].value', /non-empty/],
    ['in with a bad member', [{ field: 'standing', operator: 'in', value: ['paused', 'late'] }], 'filter_str[0].value[1]', /paused/],
    ['null on a field every customer has', [{ field: 'name', operator: 'eq', value: null }], 'filter_str[0].value', /string/],
    ['null with an ordering operator', [{ field: 'due_date', operator: 'lt', value: null }], 'filter_str[0].value', /string/],
    ['an empty contains', [{ field: 'name', operator: 'contains', value: ' ' }], 'filter_str[0].value', /must not be empty/],
    ['a NUL in text', [{ field: 'name', operator: 'contains', value: 'a\u0000b' }], 'filter_str[0].value', /NUL/],
    ['a lone surrogate in text', [{ field: 'contact_email', operator: 'eq', value: 'a\ud800b' }], 'filter_str[0].value', /surrogates/],
    ['text over 200 characters', [{ field: 'name', operator: 'eq', value: 'x'.repeat(201) }], 'filter_str[0].value', /at most 200/],
    ['a date before 1900', [{ field: 'due_date', operator: 'gt', value: '1899-12-31' }], 'filter_str[0].value', /between 1900-01-01 and 2099-12-31/],
    ['a date after 2099', [{ field: 'due_date', operator: 'lt', value: '2100-01-01' }], 'filter_str[0].value', /between/],
    ['an instant in year 0', [{ field: 'last_chase_at', operator: 'gt', value: '0000-01-01T00:00:00Z' }], 'filter_str[0].value', /between/],
    ['a date that is not YYYY-MM-DD', [{ field: 'due_date', operator: 'lt', value: '01/05/2024' }], 'filter_str[0].value', /date/],
    ['a reason chasing cannot stop for', [{ field: 'chase_stopped', operator: 'in', value: ['bored'] }], 'filter_str[0].value[0]', /workflow_finished/],
    ['an ordering of reasons', [{ field: 'chase_stopped', operator: 'gt', value: 'no_contact' }], 'filter_str[0].operator', /does not apply to chase_stopped/],
    ['a currency on a field that is not an amount', [{ field: 'name', operator: 'eq', value: 'x', currency: 'GBP' }], 'filter_str[0].currency', /only an amount/],
  ])('refuses %s, naming where', (_label, items, field, reason) => {
    const [first] = issuesOf(JSON.stringify(items));
    expect(first).toEqual({ field, reason: expect.stringMatching(reason) as string });
  });

  it('names every bad item by its own index', () => {
    const raw = JSON.stringify([
      { field: 'name', operator: 'eq', value: 'ok' },
      { field: 'x', operator: 'eq', value: 1 },
      { field: 'name', operator: 'gt', value: 'a' },
    ]);
    expect(issuesOf(raw).map((i) => i.field)).toEqual(['filter_str[1].field', 'filter_str[2].operator']);
  });

  it('never quotes the value it refuses (decision 0012)', () => {
    const marker = 'zq-marker';
    const issues = issuesOf(JSON.stringify([{ field: marker, operator: 'eq', value: 1 }, { field: 'name', operator: marker, value: 1 }, { field: 'name', operator: 'eq', value: 'a', [marker]: 1 }]));
    expect(JSON.stringify(issues)).not.toContain(marker);
  });
});

describe('filter_str: amounts, in their own currency', () => {
  it('reads an amount in JPY (no decimals) as whole yen', () => {
    const value = toMinorUnits(1500, 'JPY');
    expect(value).toBe(1500);
    expect(parse([{ field: 'amount_overdue', operator: 'gte', value, currency: 'jpy' }])).toEqual([
      { field: 'amount_overdue', operator: 'gte', value: 1500, currency: 'JPY' },
    ]);
  });

  it('reads an amount in EUR (two decimals) as cents, and refuses a fraction of a cent', () => {
    const value = toMinorUnits(1500.5, 'EUR');
    expect(value).toBe(150_050);
    const filters = parse([{ field: 'amount_overdue', operator: 'lte', value, currency: 'EUR' }]);
    expect(filters).toEqual([{ field: 'amount_overdue', operator: 'lte', value: 150_050, currency: 'EUR' }]);
    expect(customerFilterStrSchema.parse(serializeCustomerFilters(filters))).toEqual(filters);
    expect(issuesOf(JSON.stringify([{ field: 'amount_overdue', operator: 'lte', value: 1500.5, currency: 'EUR' }]))[0]).toEqual({
      field: 'filter_str[0].value',
      reason: 'must be an integer',
    });
  });

  it('wants a currency unless every value is 0', () => {
    expect(issuesOf(JSON.stringify([{ field: 'amount_overdue', operator: 'gte', value: 100 }]))[0]?.field).toBe('filter_str[0].currency');
    expect(issuesOf(JSON.stringify([{ field: 'amount_overdue', operator: 'in', value: [0, 100] }]))[0]?.field).toBe('filter_str[0].currency');
    expect(parse([{ field: 'amount_overdue', operator: 'in', value: [0] }])).toEqual([{ field: 'amount_overdue', operator: 'in', value: [0] }]);
  });

  it('refuses a currency that is not a three-letter code', () => {
    expect(issuesOf(JSON.stringify([{ field: 'amount_overdue', operator: 'gt', value: 1, currency: 'pounds' }]))[0]).toEqual({
      field: 'filter_str[0].currency',
      reason: expect.stringMatching(/three-letter/) as string,
    });
  });
});
