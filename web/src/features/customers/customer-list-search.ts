import {
  addDays,
  calendarDateSchema,
  chaseStopReasonSchema,
  type ChaseStopReason,
  pauseReasonSchema,
  customerSortFieldSchema,
  sortOrderSchema,
  standingSchema,
  serializeCustomerFilters,
  type CustomerBulkMatchingInput,
  type CustomerFilter,
  type Standing,
  toMinorUnits,
} from '@receivables/contracts';
import { z } from 'zod';

import type { CustomerListParams } from '../../app/api/get-customers';

// The URL of /customers/ is the list's whole state (docs/style.md). Every field is lenient: a
// hand-edited or stale value falls back to its default instead of crashing the page. The router
// JSON-parses values, so `?page=2` arrives as a number and `?has_contact=true` as a boolean.

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** The defaults, left out of the URL so a plain `/customers/` means "everything, biggest debt first". */
export const CUSTOMER_LIST_SEARCH_DEFAULTS = {
  sort: 'amount_overdue',
  order: 'desc',
  page: 1,
  page_size: 50,
} as const;

/** A list of allowed values: one value or an array; unknown members are dropped, duplicates too. */
function lenientList<T extends string>(member: z.ZodType<T>) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((raw) => {
      const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => {
        const parsed = member.safeParse(v);
        return parsed.success ? [parsed.data] : [];
      });
      const unique = [...new Set(values)];
      return unique.length > 0 ? unique : undefined;
    })
    .optional()
    .catch(undefined);
}

const currencyCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((code) => code.toUpperCase());

// Far beyond any real debt, small enough that ×100 stays a safe integer.
const MAX_AMOUNT = 1e12;
const MAX_DAYS = 100_000;

const amount = () => z.number().min(0).max(MAX_AMOUNT).optional().catch(undefined);
const days = () => z.number().int().min(0).max(MAX_DAYS).optional().catch(undefined);

export const customerListSearchSchema = z.object({
  q: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(200).optional())
    .catch(undefined),
  sort: customerSortFieldSchema.default(CUSTOMER_LIST_SEARCH_DEFAULTS.sort).catch(CUSTOMER_LIST_SEARCH_DEFAULTS.sort),
  order: sortOrderSchema.default(CUSTOMER_LIST_SEARCH_DEFAULTS.order).catch(CUSTOMER_LIST_SEARCH_DEFAULTS.order),
  page: z.number().int().min(1).max(1_000_000).default(1).catch(1),
  page_size: z.literal(PAGE_SIZES).default(CUSTOMER_LIST_SEARCH_DEFAULTS.page_size).catch(CUSTOMER_LIST_SEARCH_DEFAULTS.page_size),
  standing: lenientList(standingSchema),
  currency: lenientList(currencyCodeSchema),
  min_amount: amount(),
  max_amount: amount(),
  /** The currency min_amount and max_amount are in (decision 0013); without it they are ignored. */
  amount_currency: currencyCodeSchema.optional().catch(undefined),
  min_days_late: days(),
  max_days_late: days(),
  has_contact: z.boolean().optional().catch(undefined),
  /** Tag ids: customers carrying any of them. */
  tag: lenientList(z.uuid().transform((id) => id.toLowerCase())),
  /** Customers whose chasing stopped for any of these reasons (decision 0039). */
  stopped: lenientList(chaseStopReasonSchema),
  /** Why the system last paused them (kept after a resume: a promise resumed is a promise broken). */
  pause_reason: lenientList(pauseReasonSchema),
  /** Paused until this day or sooner: chasing starts again by then (decision 0040). */
  pause_ends_by: calendarDateSchema.optional().catch(undefined),
});
export type CustomerListSearch = z.infer<typeof customerListSearchSchema>;

/** The parts of the search that narrow the list (everything but q, sort and paging). */
export type CustomerListFilters = Pick<
  CustomerListSearch,
  'standing' | 'currency' | 'min_amount' | 'max_amount' | 'amount_currency' | 'min_days_late' | 'max_days_late' | 'has_contact' | 'tag' | 'stopped' | 'pause_reason' | 'pause_ends_by'
>;

export const FILTER_KEYS = [
  'standing',
  'currency',
  'min_amount',
  'max_amount',
  'amount_currency',
  'min_days_late',
  'max_days_late',
  'has_contact',
  'tag',
  'stopped',
  'pause_reason',
  'pause_ends_by',
] as const satisfies readonly (keyof CustomerListFilters)[];

/** Every filter unset: spread into a search update to clear them. */
export const NO_FILTERS: { [K in keyof CustomerListFilters]: undefined } = {
  standing: undefined,
  currency: undefined,
  min_amount: undefined,
  max_amount: undefined,
  amount_currency: undefined,
  min_days_late: undefined,
  max_days_late: undefined,
  has_contact: undefined,
  tag: undefined,
  stopped: undefined,
  pause_reason: undefined,
  pause_ends_by: undefined,
};

export function hasActiveFilters(search: CustomerListFilters): boolean {
  // The amounts' currency narrows nothing by itself.
  return FILTER_KEYS.some((key) => key !== 'amount_currency' && search[key] !== undefined);
}


/**
 * The typed filters (the contracts' `CustomerFilter`, as the server parses them) the URL's filters
 * stand for; `today` anchors the days-late ranges.
 */
export function toCustomerFilters(search: CustomerListFilters, today: string): CustomerFilter[] {
  const filters: CustomerFilter[] = [];
  if (search.standing) filters.push({ field: 'standing', operator: 'in', value: search.standing satisfies Standing[] });
  if (search.currency) filters.push({ field: 'currency', operator: 'in', value: search.currency });
  // Amounts are in one currency's own units (JPY has none, GBP pence): never compared across.
  const amountIn = search.amount_currency;
  if (amountIn && search.min_amount !== undefined) {
    filters.push({ field: 'amount_overdue', operator: 'gte', value: toMinorUnits(search.min_amount, amountIn), currency: amountIn });
  }
  if (amountIn && search.max_amount !== undefined) {
    filters.push({ field: 'amount_overdue', operator: 'lte', value: toMinorUnits(search.max_amount, amountIn), currency: amountIn });
  }
  // Days late counts from the oldest overdue due date: at least N days late means due on or
  // before today − N; at most N days late means due on or after today − N.
  if (search.min_days_late !== undefined) {
    filters.push({ field: 'due_date', operator: 'lte', value: addDays(today, -search.min_days_late) });
  }
  if (search.max_days_late !== undefined) {
    filters.push({ field: 'due_date', operator: 'gte', value: addDays(today, -search.max_days_late) });
  }
  // A customer with nothing overdue has no days late at all, so it matches no days-late range.
  if (search.min_days_late !== undefined || search.max_days_late !== undefined) {
    filters.push({ field: 'due_date', operator: 'ne', value: null });
  }
  if (search.has_contact !== undefined) {
    filters.push({ field: 'contact_email', operator: search.has_contact ? 'ne' : 'eq', value: null });
  }
  if (search.tag) filters.push({ field: 'tag_id', operator: 'in', value: search.tag });
  if (search.stopped) filters.push({ field: 'chase_stopped', operator: 'in', value: search.stopped satisfies ChaseStopReason[] });
  if (search.pause_reason) filters.push({ field: 'pause_reason', operator: 'in', value: search.pause_reason });
  if (search.pause_ends_by) filters.push({ field: 'paused_until', operator: 'lte', value: search.pause_ends_by });
  return filters;
}

/** The `GET /api/customers/` query for what the URL says (a `CustomerListQueryInput`). */
export function toCustomerListQuery(search: CustomerListSearch, today: string): CustomerListParams {
  const filters = toCustomerFilters(search, today);
  const query: CustomerListParams = {
    limit: search.page_size,
    offset: (search.page - 1) * search.page_size,
    sort_field: search.sort,
    sort_order: search.order,
  };
  if (filters.length > 0) query.filter_str = serializeCustomerFilters(filters);
  if (search.q) query.q = search.q;
  return query;
}

/**
 * The search and filters of a list query, without sort or paging: what a bulk action's
 * `matching` takes, so "all matching" means exactly the customers this list shows.
 */
export function toCustomerBulkMatching(query: CustomerListParams): CustomerBulkMatchingInput {
  return { q: query.q, filter_str: query.filter_str };
}
