import { z } from 'zod';

import { calendarDateSchema, instantSchema } from '../common/dates';
import type { FieldIssue } from '../common/errors';
import { isStorableText, STORABLE_TEXT_MESSAGE } from '../common/text';

import { standingSchema } from './customer';

/** docs/api-conventions.md: the operators a `filter_str` item may use. */
export const filterOperatorSchema = z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'in']);
export type FilterOperator = z.infer<typeof filterOperatorSchema>;

type ValueKind = 'text' | 'currency' | 'integer' | 'date' | 'datetime' | 'standing' | 'uuid';

interface FilterFieldSpec {
  kind: ValueKind;
  operators: readonly FilterOperator[];
  /** Whether `eq null` / `ne null` (is empty / is not empty) is allowed. */
  nullable: boolean;
}

const ORDERED = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'] as const;

/**
 * The customer fields a filter may name, what values they take and which operators apply.
 * `tag_id` matches customers carrying that tag (`eq`), any of several (`in`) or lacking it (`ne`).
 */
export const CUSTOMER_FILTER_FIELDS = {
  name: { kind: 'text', operators: ['eq', 'ne', 'contains', 'in'], nullable: false },
  currency: { kind: 'currency', operators: ['eq', 'ne', 'in'], nullable: false },
  standing: { kind: 'standing', operators: ['eq', 'ne', 'in'], nullable: false },
  amount_overdue: { kind: 'integer', operators: ORDERED, nullable: false },
  n_invoices: { kind: 'integer', operators: ORDERED, nullable: false },
  due_date: { kind: 'date', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], nullable: true },
  last_chase_at: { kind: 'datetime', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], nullable: true },
  workflow_id: { kind: 'uuid', operators: ['eq', 'ne', 'in'], nullable: true },
  tag_id: { kind: 'uuid', operators: ['eq', 'ne', 'in'], nullable: false },
  contact_email: { kind: 'text', operators: ['eq', 'ne', 'contains'], nullable: true },
} as const satisfies Record<string, FilterFieldSpec>;

export type CustomerFilterField = keyof typeof CUSTOMER_FILTER_FIELDS;
export const customerFilterFieldSchema = z.enum(
  Object.keys(CUSTOMER_FILTER_FIELDS) as [CustomerFilterField, ...CustomerFilterField[]],
);

export type FilterScalar = string | number;
export interface CustomerFilter {
  field: CustomerFilterField;
  operator: FilterOperator;
  /** An array for `in`; null for "is empty" with eq / ne on a nullable field. */
  value: FilterScalar | FilterScalar[] | null;
  /**
   * The currency of an amount (`amount_overdue`), in whose minor units `value` is: the filter
   * matches customers in that currency only. Amounts of different currencies are never compared
   * (docs/decisions/0013-money-never-mixed.md), so it is required unless the value is 0.
   */
  currency?: string;
}

/** Fields whose values are money, and so carry a currency. */
const MONEY_FIELDS: readonly CustomerFilterField[] = ['amount_overdue'];

const MAX_FILTERS = 20;
const MAX_IN_VALUES = 200;

const scalarSchemas: Record<ValueKind, z.ZodType<FilterScalar>> = {
  text: z.string().max(200).refine(isStorableText, STORABLE_TEXT_MESSAGE),
  currency: z.string().regex(/^[A-Za-z]{3}$/).transform((s) => s.toUpperCase()),
  integer: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  date: calendarDateSchema,
  datetime: instantSchema,
  standing: standingSchema,
  uuid: z.uuid(),
};

const KIND_LABEL: Record<ValueKind, string> = {
  text: 'a string',
  currency: 'a three-letter currency code',
  integer: 'an integer',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'an ISO 8601 timestamp',
  standing: `one of ${standingSchema.options.join(', ')}`,
  uuid: 'a UUID',
};

export type FilterParseResult = { ok: true; filters: CustomerFilter[] } | { ok: false; issues: FieldIssue[] };

/**
 * Parse and check a `filter_str` query parameter: a JSON array of `{field, operator, value}`.
 * Every problem is reported with the path of the offending part, so the API can answer 400
 * with reasons instead of ignoring a filter it does not understand.
 */
export function parseCustomerFilterStr(raw: string | undefined): FilterParseResult {
  if (raw === undefined || raw.trim() === '') return { ok: true, filters: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fail('filter_str', 'is not valid JSON');
  }
  if (!Array.isArray(json)) return fail('filter_str', 'must be a JSON array of {field, operator, value}');
  if (json.length > MAX_FILTERS) return fail('filter_str', `may hold at most ${MAX_FILTERS} filters`);

  const filters: CustomerFilter[] = [];
  const issues: FieldIssue[] = [];
  json.forEach((item: unknown, index) => {
    const result = parseItem(item, `filter_str[${index}]`);
    if ('issue' in result) issues.push(result.issue);
    else filters.push(result.filter);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, filters };
}

function parseItem(item: unknown, path: string): { filter: CustomerFilter } | { issue: FieldIssue } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return issue(path, 'must be an object with field, operator and value');
  }
  const { field, operator, value, currency } = item as Record<string, unknown>;
  const unknownKeys = Object.keys(item).filter((k) => !['field', 'operator', 'value', 'currency'].includes(k));
  if (unknownKeys.length > 0) return issue(path, `has unknown keys: ${unknownKeys.join(', ')}`);

  const fieldResult = customerFilterFieldSchema.safeParse(field);
  if (!fieldResult.success) {
    return issue(`${path}.field`, `unknown field ${JSON.stringify(field)}; expected one of ${customerFilterFieldSchema.options.join(', ')}`);
  }
  const operatorResult = filterOperatorSchema.safeParse(operator);
  if (!operatorResult.success) {
    return issue(`${path}.operator`, `unknown operator ${JSON.stringify(operator)}; expected one of ${filterOperatorSchema.options.join(', ')}`);
  }
  const spec: FilterFieldSpec = CUSTOMER_FILTER_FIELDS[fieldResult.data];
  const op = operatorResult.data;
  if (!spec.operators.includes(op)) {
    return issue(`${path}.operator`, `operator ${op} does not apply to ${fieldResult.data}; use one of ${spec.operators.join(', ')}`);
  }
  const parsedValue = parseValue(spec, op, value, `${path}.value`);
  if ('issue' in parsedValue) return parsedValue;
  const filter: CustomerFilter = { field: fieldResult.data, operator: op, value: parsedValue.value };
  if (!MONEY_FIELDS.includes(filter.field)) {
    return currency === undefined ? { filter } : issue(`${path}.currency`, `only an amount carries a currency, not ${filter.field}`);
  }
  if (currency === undefined) {
    const zero = [parsedValue.value].flat().every((v) => v === 0);
    return zero ? { filter } : issue(`${path}.currency`, 'is required for an amount other than 0: amounts of different currencies are not compared');
  }
  const code = scalarSchemas.currency.safeParse(currency);
  if (!code.success) return issue(`${path}.currency`, `must be ${KIND_LABEL.currency}`);
  return { filter: { ...filter, currency: String(code.data) } };
}

function parseValue(
  spec: FilterFieldSpec,
  op: FilterOperator,
  value: unknown,
  path: string,
): { value: CustomerFilter['value'] } | { issue: FieldIssue } {
  const scalar = scalarSchemas[spec.kind];
  if (value === null) {
    if (spec.nullable && (op === 'eq' || op === 'ne')) return { value: null };
    return issue(path, spec.nullable ? 'null is only allowed with eq or ne' : 'must not be null');
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES) {
      return issue(path, `must be a non-empty array of at most ${MAX_IN_VALUES} values for operator in`);
    }
    const values: FilterScalar[] = [];
    for (const v of value) {
      const r = scalar.safeParse(v);
      if (!r.success) return issue(path, `every value must be ${KIND_LABEL[spec.kind]}`);
      values.push(r.data);
    }
    return { value: values };
  }
  const r = scalar.safeParse(value);
  if (!r.success) return issue(path, `must be ${KIND_LABEL[spec.kind]}`);
  if (op === 'contains' && r.data === '') return issue(path, 'must not be empty for contains');
  return { value: r.data };
}

function issue(field: string, reason: string): { issue: FieldIssue } {
  return { issue: { field, reason } };
}

function fail(field: string, reason: string): FilterParseResult {
  return { ok: false, issues: [{ field, reason }] };
}

/** Serialise filters for the URL / API; the inverse of {@link parseCustomerFilterStr}. */
export function stringifyCustomerFilters(filters: readonly CustomerFilter[]): string {
  const items = filters.map(({ field, operator, value, currency }) => ({ field, operator, value, ...(currency ? { currency } : {}) }));
  return JSON.stringify(items);
}
