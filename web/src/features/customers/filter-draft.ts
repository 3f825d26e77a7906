import { type ChaseStopReason, type Standing } from '@receivables/contracts';

import { amountHint, amountPattern, amountText } from '../../lib/amount-input';

import type { CustomerListFilters } from './customer-list-search';

/** The filter panel's fields as typed, before they are checked. */
export interface FilterDraft {
  standing: Standing[];
  currency: string[];
  min_amount: string;
  max_amount: string;
  /** The currency the amounts are in; '' until chosen (the default currency then applies). */
  amount_currency: string;
  min_days_late: string;
  max_days_late: string;
  has_contact: 'any' | 'yes' | 'no';
  /** Tag ids. */
  tag: string[];
  /** Chasing stopped for any of these reasons (decision 0039); empty: any customer. */
  stopped: ChaseStopReason[];
  /** Kept as the URL has them: set from Home's To do links, removed by their chips. */
  pause_reason: CustomerListFilters['pause_reason'];
  pause_ends_by: CustomerListFilters['pause_ends_by'];
}

type NumberField = 'min_amount' | 'max_amount' | 'min_days_late' | 'max_days_late';
export type FilterDraftErrors = Partial<Record<NumberField, string>>;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function toFilterDraft(filters: CustomerListFilters): FilterDraft {
  return {
    standing: filters.standing ?? [],
    currency: filters.currency ?? [],
    min_amount: text(filters.min_amount),
    max_amount: text(filters.max_amount),
    amount_currency: filters.amount_currency ?? '',
    min_days_late: text(filters.min_days_late),
    max_days_late: text(filters.max_days_late),
    has_contact: filters.has_contact === undefined ? 'any' : filters.has_contact ? 'yes' : 'no',
    tag: filters.tag ?? [],
    stopped: filters.stopped ?? [],
    pause_reason: filters.pause_reason,
    pause_ends_by: filters.pause_ends_by,
  };
}

const WHOLE = /^\d{1,6}$/;

function readNumber(raw: string, pattern: RegExp, message: string): { value?: number; error?: string } {
  const trimmed = amountText(raw);
  if (trimmed === '') return {};
  if (!pattern.test(trimmed)) return { error: message };
  return { value: Number(trimmed.replaceAll(',', '')) };
}

/**
 * Checks the draft: numbers only, amounts with no more decimals than their currency has, each
 * minimum no more than its maximum. Amounts are in `draft.amount_currency`, or `defaultCurrency`.
 */
export function readFilterDraft(draft: FilterDraft, defaultCurrency: string): { filters: CustomerListFilters; errors: FilterDraftErrors } {
  const amountCurrency = draft.amount_currency || defaultCurrency;
  const amountMessage = amountHint(amountCurrency);
  const daysMessage = 'Whole days only, such as 30';
  const minAmount = readNumber(draft.min_amount, amountPattern(amountCurrency), amountMessage);
  const maxAmount = readNumber(draft.max_amount, amountPattern(amountCurrency), amountMessage);
  const minDays = readNumber(draft.min_days_late, WHOLE, daysMessage);
  const maxDays = readNumber(draft.max_days_late, WHOLE, daysMessage);

  const errors: FilterDraftErrors = {};
  if (minAmount.error) errors.min_amount = minAmount.error;
  if (maxAmount.error) errors.max_amount = maxAmount.error;
  if (minDays.error) errors.min_days_late = minDays.error;
  if (maxDays.error) errors.max_days_late = maxDays.error;
  if (minAmount.value !== undefined && maxAmount.value !== undefined && minAmount.value > maxAmount.value) {
    errors.max_amount = 'Must be at least the minimum';
  }
  if (minDays.value !== undefined && maxDays.value !== undefined && minDays.value > maxDays.value) {
    errors.max_days_late = 'Must be at least the minimum';
  }

  return {
    filters: {
      standing: draft.standing.length > 0 ? draft.standing : undefined,
      currency: draft.currency.length > 0 ? draft.currency : undefined,
      min_amount: minAmount.value,
      max_amount: maxAmount.value,
      amount_currency: minAmount.value !== undefined || maxAmount.value !== undefined ? amountCurrency : undefined,
      min_days_late: minDays.value,
      max_days_late: maxDays.value,
      has_contact: draft.has_contact === 'any' ? undefined : draft.has_contact === 'yes',
      tag: draft.tag.length > 0 ? draft.tag : undefined,
      stopped: draft.stopped.length > 0 ? draft.stopped : undefined,
      pause_reason: draft.pause_reason,
      pause_ends_by: draft.pause_ends_by,
    },
    errors,
  };
}
