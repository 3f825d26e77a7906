import { describe, expect, it } from 'vitest';

import { parseCustomerFilterStr, stringifyCustomerFilters } from './customer-filter';

const UUID = '0b6f4e5c-1d2e-4f3a-8b9c-0d1e2f3a4b5c';

function issuesOf(raw: string) {
  const result = parseCustomerFilterStr(raw);
  if (result.ok) throw new Error(`expected ${raw} to be rejected`);
  return result.issues;
}

describe('parseCustomerFilterStr', () => {
  it('accepts nothing, an empty string and an empty array', () => {
    expect(parseCustomerFilterStr(undefined)).toEqual({ ok: true, filters: [] });
    expect(parseCustomerFilterStr('  ')).toEqual({ ok: true, filters: [] });
    expect(parseCustomerFilterStr('[]')).toEqual({ ok: true, filters: [] });
  });

  it('accepts the Home query and every kind of value', () => {
    const filters = [
      { field: 'amount_overdue', operator: 'gt', value: 0 },
      { field: 'name', operator: 'contains', value: 'ltd' },
      { field: 'currency', operator: 'in', value: ['gbp', 'EUR'] },
      { field: 'standing', operator: 'eq', value: 'single_missed' },
      { field: 'due_date', operator: 'lt', value: '2024-05-01' },
      { field: 'due_date', operator: 'eq', value: null },
      { field: 'last_chase_at', operator: 'gte', value: '2024-05-01T10:00:00Z' },
      { field: 'tag_id', operator: 'ne', value: UUID },
      { field: 'workflow_id', operator: 'ne', value: null },
      { field: 'contact_email', operator: 'contains', value: '@example' },
    ];
    const result = parseCustomerFilterStr(JSON.stringify(filters));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.filters).toHaveLength(filters.length);
      expect(result.filters[2]?.value).toEqual(['GBP', 'EUR']);
      expect(parseCustomerFilterStr(stringifyCustomerFilters(result.filters))).toEqual(result);
    }
  });

  it.each([
    ['not JSON', '[{field', 'filter_str', /JSON/],
    ['not an array', '{"field":"name"}', 'filter_str', /array/],
    ['an item that is not an object', '[42]', 'filter_str[0]', /object/],
    ['unknown keys', '[{"field":"name","operator":"eq","value":"a","extra":1}]', 'filter_str[0]', /unknown keys/],
    ['unknown field', '[{"field":"secret","operator":"eq","value":1}]', 'filter_str[0].field', /unknown field/],
    ['unknown operator', '[{"field":"name","operator":"like","value":"a"}]', 'filter_str[0].operator', /unknown operator/],
    ['operator not valid for the field', '[{"field":"amount_overdue","operator":"contains","value":"1"}]', 'filter_str[0].operator', /does not apply/],
    ['wrong value type', '[{"field":"amount_overdue","operator":"gt","value":"0"}]', 'filter_str[0].value', /integer/],
    ['bad date', '[{"field":"due_date","operator":"lt","value":"01/05/2024"}]', 'filter_str[0].value', /date/],
    ['bad uuid', '[{"field":"tag_id","operator":"eq","value":"nope"}]', 'filter_str[0].value', /UUID/],
    ['in without an array', '[{"field":"currency","operator":"in","value":"GBP"}]', 'filter_str[0].value', /array/],
    ['in with an empty array', '[{"field":"currency","operator":"in","value":[]}]', 'filter_str[0].value', /non-empty/],
    ['in with a bad member', '[{"field":"standing","operator":"in","value":["paused","late"]}]', 'filter_str[0].value', /every value/],
    ['null where not nullable', '[{"field":"amount_overdue","operator":"eq","value":null}]', 'filter_str[0].value', /must not be null/],
    ['null with an ordering operator', '[{"field":"due_date","operator":"lt","value":null}]', 'filter_str[0].value', /only allowed with eq or ne/],
    ['empty contains', '[{"field":"name","operator":"contains","value":""}]', 'filter_str[0].value', /must not be empty/],
  ])('rejects %s', (_label, raw, field, reason) => {
    const issues = issuesOf(raw);
    expect(issues[0]?.field).toBe(field);
    expect(issues[0]?.reason).toMatch(reason);
  });

  it('reports every bad item with its own index', () => {
    const issues = issuesOf('[{"field":"name","operator":"eq","value":"ok"},{"field":"x","operator":"eq","value":1},{"field":"name","operator":"gt","value":"a"}]');
    expect(issues.map((i) => i.field)).toEqual(['filter_str[1].field', 'filter_str[2].operator']);
  });

  it('caps the number of filters', () => {
    const many = JSON.stringify(Array.from({ length: 21 }, () => ({ field: 'name', operator: 'eq', value: 'a' })));
    expect(issuesOf(many)[0]?.reason).toMatch(/at most 20/);
  });
});
