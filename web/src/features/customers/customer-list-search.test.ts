import { customerBulkActionSchema, customerFilterStrSchema, customerListQuerySchema } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { activeFilterChips } from './active-filter-chips';
import { customerListSearchSchema, hasActiveFilters, toCustomerBulkMatching, toCustomerListQuery } from './customer-list-search';

const VIP = '0f1e2d3c-4b5a-4968-8776-655443322110';
const LATE = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f11223344';

const DEFAULTS = { sort: 'amount_overdue', order: 'desc', page: 1, page_size: 50 };
const parse = (raw: Record<string, unknown>) => customerListSearchSchema.parse(raw);

describe('customerListSearchSchema', () => {
  it('fills the defaults for an empty URL and leaves every filter unset', () => {
    expect(parse({})).toEqual(DEFAULTS);
  });

  it('keeps every valid value', () => {
    const search = {
      q: 'acme',
      sort: 'name',
      order: 'asc',
      page: 3,
      page_size: 25,
      standing: ['paused', 'single_missed'],
      currency: ['GBP', 'EUR'],
      min_amount: 500,
      max_amount: 1250.5,
      min_days_late: 30,
      max_days_late: 90,
      has_contact: false,
      tag: [VIP, LATE],
    };
    expect(parse(search)).toEqual(search);
  });

  it.each([
    ['sort', 'secret', 'amount_overdue'],
    ['order', 'sideways', 'desc'],
    ['page', 0, 1],
    ['page', -2, 1],
    ['page', 1.5, 1],
    ['page', 'two', 1],
    ['page_size', 30, 50],
    ['page_size', '25', 50],
  ])('drops a bad %s (%j) to its default', (key, value, fallback) => {
    expect(parse({ [key]: value })[key as keyof typeof DEFAULTS]).toBe(fallback);
  });

  it.each([
    ['q', ''],
    ['q', '   '],
    ['q', { a: 1 }],
    ['q', 'x'.repeat(201)],
    ['standing', 'late'],
    ['standing', ['late', 42]],
    ['standing', []],
    ['standing', { paused: true }],
    ['currency', 'pounds'],
    ['currency', [12]],
    ['min_amount', -1],
    ['min_amount', 'lots'],
    ['max_amount', 1e13],
    ['min_days_late', 2.5],
    ['max_days_late', -3],
    ['max_days_late', 'old'],
    ['has_contact', 'yes'],
    ['has_contact', 1],
    ['tag', 'vip'],
    ['tag', ['not-a-uuid', 7]],
    ['tag', []],
    ['tag', { id: VIP }],
  ])('drops a bad %s (%j)', (key, value) => {
    expect(parse({ [key]: value })).toEqual(DEFAULTS);
  });

  it('reads a number-looking search as text and trims it', () => {
    expect(parse({ q: 12345 }).q).toBe('12345');
    expect(parse({ q: '  acme ' }).q).toBe('acme');
  });

  it('accepts one standing or currency as well as a list, dropping unknown members and repeats', () => {
    expect(parse({ standing: 'paused' }).standing).toEqual(['paused']);
    expect(parse({ standing: ['paused', 'late', 'paused'] }).standing).toEqual(['paused']);
    expect(parse({ currency: ['gbp', 'EURO', 'usd', 'GBP'] }).currency).toEqual(['GBP', 'USD']);
  });

  it('accepts one tag id as well as a list, dropping malformed ids and repeats ignoring case', () => {
    expect(parse({ tag: VIP }).tag).toEqual([VIP]);
    expect(parse({ tag: [VIP, 'x', VIP.toUpperCase(), LATE] }).tag).toEqual([VIP, LATE]);
  });

  it('keeps a bad value from spoiling the good ones', () => {
    expect(parse({ sort: 'bogus', page: 4, min_amount: 'x', max_amount: 900 })).toEqual({ ...DEFAULTS, page: 4, max_amount: 900 });
  });
});

describe('toCustomerListQuery', () => {
  const today = '2026-03-10';
  /** The filters as the server reads them: through the contracts' own schema, which refuses a bad one. */
  const filtersOf = (raw: Record<string, unknown>) => {
    const query = toCustomerListQuery(parse(raw), today);
    return query.filter_str === undefined ? [] : customerFilterStrSchema.parse(query.filter_str);
  };

  it('asks for the default page with no filter_str or q', () => {
    expect(toCustomerListQuery(parse({}), today)).toEqual({ limit: 50, offset: 0, sort_field: 'amount_overdue', sort_order: 'desc' });
  });

  it('turns page and page size into limit and offset, and passes sort and q through', () => {
    expect(toCustomerListQuery(parse({ page: 3, page_size: 25, sort: 'name', order: 'asc', q: 'acme' }), today)).toEqual({
      limit: 25,
      offset: 50,
      sort_field: 'name',
      sort_order: 'asc',
      q: 'acme',
    });
  });

  it('maps standing and currency to in', () => {
    expect(filtersOf({ standing: ['paused', 'multiple_missed'], currency: ['EUR'] })).toEqual([
      { field: 'standing', operator: 'in', value: ['paused', 'multiple_missed'] },
      { field: 'currency', operator: 'in', value: ['EUR'] },
    ]);
  });

  it('maps amounts to amount_overdue bounds in the currency’s own minor units, carrying the currency', () => {
    expect(filtersOf({ min_amount: 500, max_amount: 1250.5, amount_currency: 'EUR' })).toEqual([
      { field: 'amount_overdue', operator: 'gte', value: 50_000, currency: 'EUR' },
      { field: 'amount_overdue', operator: 'lte', value: 125_050, currency: 'EUR' },
    ]);
    // Yen have no minor unit: ¥1,500 is 1500, not 150000.
    expect(filtersOf({ min_amount: 1500, amount_currency: 'JPY' })).toEqual([{ field: 'amount_overdue', operator: 'gte', value: 1500, currency: 'JPY' }]);
    // Floating point must not leave a fraction of a penny behind.
    expect(filtersOf({ min_amount: 0.29, amount_currency: 'GBP' })).toEqual([{ field: 'amount_overdue', operator: 'gte', value: 29, currency: 'GBP' }]);
    // An amount without its currency compares with nothing: it is dropped, as any bad URL value is.
    expect(filtersOf({ min_amount: 500 })).toEqual([]);
  });

  it('maps days late to due_date bounds counted back from today, excluding customers with nothing overdue', () => {
    expect(filtersOf({ min_days_late: 30 })).toEqual([
      { field: 'due_date', operator: 'lte', value: '2026-02-08' },
      { field: 'due_date', operator: 'ne', value: null },
    ]);
    expect(filtersOf({ max_days_late: 10 })).toEqual([
      { field: 'due_date', operator: 'gte', value: '2026-02-28' },
      { field: 'due_date', operator: 'ne', value: null },
    ]);
    expect(filtersOf({ min_days_late: 0, max_days_late: 0 })).toEqual([
      { field: 'due_date', operator: 'lte', value: today },
      { field: 'due_date', operator: 'gte', value: today },
      { field: 'due_date', operator: 'ne', value: null },
    ]);
  });

  it('maps has_contact to contact_email being set or empty', () => {
    expect(filtersOf({ has_contact: true })).toEqual([{ field: 'contact_email', operator: 'ne', value: null }]);
    expect(filtersOf({ has_contact: false })).toEqual([{ field: 'contact_email', operator: 'eq', value: null }]);
  });

  it('maps stopped to chase_stopped in, dropping reasons chasing cannot stop for', () => {
    expect(filtersOf({ stopped: ['no_contact', 'bored'] })).toEqual([{ field: 'chase_stopped', operator: 'in', value: ['no_contact'] }]);
    expect(filtersOf({ stopped: 'bored' })).toEqual([]);
  });

  it('maps tags to tag_id in', () => {
    expect(filtersOf({ tag: [VIP, LATE] })).toEqual([{ field: 'tag_id', operator: 'in', value: [VIP, LATE] }]);
    expect(filtersOf({ tag: 'nonsense' })).toEqual([]);
  });

  it('produces a query the server accepts, with every filter at once', () => {
    const query = toCustomerListQuery(
      parse({
        q: 'a',
        standing: ['paused'],
        currency: ['GBP'],
        min_amount: 1,
        max_amount: 2,
        amount_currency: 'GBP',
        min_days_late: 1,
        max_days_late: 2,
        has_contact: true,
        tag: [VIP],
      }),
      today,
    );
    expect(customerListQuerySchema.parse(query).filter_str).toHaveLength(9);
  });
});

describe('helpers', () => {
  it('knows when any filter is set', () => {
    expect(hasActiveFilters(parse({ q: 'a', sort: 'name' }))).toBe(false);
    expect(hasActiveFilters(parse({ has_contact: false }))).toBe(true);
    expect(hasActiveFilters(parse({ min_days_late: 0 }))).toBe(true);
    expect(hasActiveFilters(parse({ tag: [VIP] }))).toBe(true);
  });
});

describe('activeFilterChips for tags', () => {
  const filters = parse({ tag: [VIP, LATE] });

  it('names each tag, says when one was deleted, and removes one at a time', () => {
    const chips = activeFilterChips(filters, new Map([[VIP, 'VIP']]));
    expect(chips.map((c) => c.label)).toEqual(['Tag: VIP', 'Tag: (deleted)']);
    expect(chips[0]!.remove).toEqual({ tag: [LATE] });
    expect(activeFilterChips(parse({ tag: [VIP] }), new Map())[0]!.remove).toEqual({ tag: undefined });
  });

  it('waits for the names rather than calling a tag deleted', () => {
    expect(activeFilterChips(filters).map((c) => c.label)).toEqual(['Tag: …', 'Tag: …']);
  });
});

describe('toCustomerBulkMatching', () => {
  it('takes the list query’s search and filters, without sort or paging, as the bulk action accepts them', () => {
    const search = customerListSearchSchema.parse({ q: 'acme', currency: ['EUR'], sort: 'name', page: 3 });
    const query = toCustomerListQuery(search, '2026-06-15');
    const matching = toCustomerBulkMatching(query);
    expect(matching).toEqual({ q: 'acme', filter_str: query.filter_str });
    expect(customerBulkActionSchema.safeParse({ matching, action: { type: 'resume' } }).success).toBe(true);
    expect(toCustomerBulkMatching(toCustomerListQuery(customerListSearchSchema.parse({}), '2026-06-15'))).toEqual({ q: undefined, filter_str: undefined });
  });
});
