import { CHASE_STOP_LABELS, CHASE_STOP_REASONS, PAUSE_REASON_LABELS } from '@receivables/contracts';

import { formatLongDate } from '../../lib/format';

import type { CustomerListFilters } from './customer-list-search';
import { STANDING_LABELS } from './standing-labels';

export interface ActiveFilterChip {
  /** Stable React key. */
  key: string;
  label: string;
  /** The search update that removes just this filter. */
  remove: Partial<CustomerListFilters>;
}

/** "£500", "€1,250.50", "JP¥1,500": in the filter's own currency, minor units only when there are some. */
function amount(major: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, ...(Number.isInteger(major) ? { minimumFractionDigits: 0 } : {}) }).format(major);
}

/**
 * One removable chip per active filter, in the order the panel shows them. `tagNames` maps tag
 * ids to names once the tags have loaded (until then a tag reads "…"); an id it lacks was deleted.
 */
export function activeFilterChips(filters: CustomerListFilters, tagNames?: ReadonlyMap<string, string>): ActiveFilterChip[] {
  const chips: ActiveFilterChip[] = [];
  const { standing, currency } = filters;
  for (const value of standing ?? []) {
    const rest = standing?.filter((s) => s !== value) ?? [];
    chips.push({ key: `standing-${value}`, label: `Standing: ${STANDING_LABELS[value]}`, remove: { standing: rest.length > 0 ? rest : undefined } });
  }
  for (const value of currency ?? []) {
    const rest = currency?.filter((c) => c !== value) ?? [];
    chips.push({ key: `currency-${value}`, label: `Currency: ${value}`, remove: { currency: rest.length > 0 ? rest : undefined } });
  }
  const amountIn = filters.amount_currency;
  // Both amounts gone, their currency goes too.
  const onlyAmount = filters.min_amount === undefined || filters.max_amount === undefined;
  if (amountIn && filters.min_amount !== undefined) {
    const remove = { min_amount: undefined, ...(onlyAmount ? { amount_currency: undefined } : {}) };
    chips.push({ key: 'min_amount', label: `Amount ≥ ${amount(filters.min_amount, amountIn)}`, remove });
  }
  if (amountIn && filters.max_amount !== undefined) {
    const remove = { max_amount: undefined, ...(onlyAmount ? { amount_currency: undefined } : {}) };
    chips.push({ key: 'max_amount', label: `Amount ≤ ${amount(filters.max_amount, amountIn)}`, remove });
  }
  if (filters.min_days_late !== undefined) {
    chips.push({ key: 'min_days_late', label: `Days late ≥ ${filters.min_days_late}`, remove: { min_days_late: undefined } });
  }
  if (filters.max_days_late !== undefined) {
    chips.push({ key: 'max_days_late', label: `Days late ≤ ${filters.max_days_late}`, remove: { max_days_late: undefined } });
  }
  if (filters.has_contact !== undefined) {
    chips.push({ key: 'has_contact', label: filters.has_contact ? 'Has a contact' : 'No contact', remove: { has_contact: undefined } });
  }
  for (const id of filters.tag ?? []) {
    const rest = filters.tag?.filter((t) => t !== id) ?? [];
    const name = tagNames ? (tagNames.get(id) ?? '(deleted)') : '…';
    chips.push({ key: `tag-${id}`, label: `Tag: ${name}`, remove: { tag: rest.length > 0 ? rest : undefined } });
  }
  const { stopped } = filters;
  if (stopped) {
    // Every reason is one filter ("chasing stopped"); some of them, a chip that names them.
    const all = CHASE_STOP_REASONS.every((r) => stopped.includes(r));
    const label = all ? 'Chasing stopped' : `Chasing stopped: ${stopped.map((r) => CHASE_STOP_LABELS[r].toLowerCase()).join(', ')}`;
    chips.push({ key: 'stopped', label, remove: { stopped: undefined } });
  }
  if (filters.pause_reason) {
    const reasons = filters.pause_reason.map((r) => PAUSE_REASON_LABELS[r].toLowerCase()).join(', ');
    chips.push({ key: 'pause_reason', label: `Paused because: ${reasons}`, remove: { pause_reason: undefined } });
  }
  if (filters.pause_ends_by) {
    chips.push({ key: 'pause_ends_by', label: `Pause ends by ${formatLongDate(filters.pause_ends_by)}`, remove: { pause_ends_by: undefined } });
  }
  return chips;
}
