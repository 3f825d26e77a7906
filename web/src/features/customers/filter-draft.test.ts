import { describe, expect, it } from 'vitest';

import { activeFilterChips } from './active-filter-chips';
import { readFilterDraft, toFilterDraft, type FilterDraft } from './filter-draft';

const empty: FilterDraft = toFilterDraft({});

describe('readFilterDraft', () => {
  it('reads an empty draft as no filters', () => {
    expect(readFilterDraft(empty, 'GBP')).toEqual({
      filters: {
        standing: undefined,
        currency: undefined,
        min_amount: undefined,
        max_amount: undefined,
        amount_currency: undefined,
        min_days_late: undefined,
        max_days_late: undefined,
        has_contact: undefined,
      },
      errors: {},
    });
  });

  it('reads amounts with pence, a pound sign or thousands separators, and whole days', () => {
    const { filters, errors } = readFilterDraft({
      ...empty,
      min_amount: '£1,250.50',
      max_amount: ' 2000 ',
      min_days_late: '7',
      max_days_late: '30',
      has_contact: 'no',
      standing: ['paused'],
    }, 'GBP');
    expect(errors).toEqual({});
    expect(filters).toMatchObject({ min_amount: 1250.5, max_amount: 2000, amount_currency: 'GBP', min_days_late: 7, max_days_late: 30, has_contact: false, standing: ['paused'] });
  });

  it('reads amounts in the chosen currency’s own digits: no decimals for yen, and says so', () => {
    const yen = readFilterDraft({ ...empty, amount_currency: 'JPY', min_amount: '1,500', max_amount: '2000.50' }, 'GBP');
    expect(yen.filters).toMatchObject({ min_amount: 1500, amount_currency: 'JPY' });
    expect(yen.errors).toEqual({ max_amount: 'Whole amounts only, such as 1500' });
    expect(readFilterDraft({ ...empty, min_amount: '10' }, 'EUR').filters.amount_currency).toBe('EUR');
  });

  it('says which fields are not numbers', () => {
    const { errors } = readFilterDraft({ ...empty, min_amount: 'ten', max_amount: '1.234', min_days_late: '2.5', max_days_late: '-1' }, 'GBP');
    expect(errors).toEqual({
      min_amount: 'Numbers only, such as 500 or 1250.50',
      max_amount: 'Numbers only, such as 500 or 1250.50',
      min_days_late: 'Whole days only, such as 30',
      max_days_late: 'Whole days only, such as 30',
    });
  });

  it('wants each minimum no more than its maximum', () => {
    expect(readFilterDraft({ ...empty, min_amount: '500', max_amount: '100', min_days_late: '9', max_days_late: '3' }, 'GBP').errors).toEqual({
      max_amount: 'Must be at least the minimum',
      max_days_late: 'Must be at least the minimum',
    });
    expect(readFilterDraft({ ...empty, min_amount: '100', max_amount: '100' }, 'GBP').errors).toEqual({});
  });

  it('round-trips the URL filters', () => {
    const filters = { standing: ['single_missed' as const], currency: ['EUR'], min_amount: 5, amount_currency: 'EUR', max_days_late: 60, has_contact: true };
    expect(readFilterDraft(toFilterDraft(filters), 'GBP').filters).toEqual({ ...filters, max_amount: undefined, min_days_late: undefined });
  });
});

describe('activeFilterChips', () => {
  it('labels each active filter in words, and removing one keeps the others', () => {
    const chips = activeFilterChips({
      standing: ['multiple_missed', 'paused'],
      currency: ['EUR'],
      min_amount: 500,
      max_amount: 1250.5,
      amount_currency: 'GBP',
      min_days_late: 30,
      max_days_late: 90,
      has_contact: false,
    });
    expect(chips.map((c) => c.label)).toEqual([
      'Standing: Several missed',
      'Standing: Paused',
      'Currency: EUR',
      'Amount ≥ £500',
      'Amount ≤ £1,250.50',
      'Days late ≥ 30',
      'Days late ≤ 90',
      'No contact',
    ]);
    expect(chips[0]!.remove).toEqual({ standing: ['paused'] });
    expect(chips[2]!.remove).toEqual({ currency: undefined });
    expect(activeFilterChips({ min_amount: 1500, amount_currency: 'JPY' }).map((c) => [c.label, c.remove])).toEqual([
      ['Amount ≥ JP¥1,500', { min_amount: undefined, amount_currency: undefined }],
    ]);
    expect(activeFilterChips({ has_contact: true })[0]!.label).toBe('Has a contact');
    expect(activeFilterChips({})).toEqual([]);
  });
});
