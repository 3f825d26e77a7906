import { z } from 'zod';

import { calendarDateSchema, currencyInputSchema, instantSchema } from '../common/dates';
import { textSchema } from '../common/text';

import { chaseStopReasonSchema, pauseReasonSchema, standingSchema } from './customer';

/** docs/api-conventions.md: the operators a `filter_str` item may use. */
export const filterOperatorSchema = z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'in']);
export type FilterOperator = z.infer<typeof filterOperatorSchema>;

type Operators = readonly [FilterOperator, ...FilterOperator[]];
const EQUALITY = ['eq', 'ne'] as const;
const ORDERING = ['gt', 'gte', 'lt', 'lte'] as const;
const ORDERED = [...EQUALITY, ...ORDERING] as const;

const MAX_IN_VALUES = 200;

// The value types, each with the words a 400 gives for it. No message quotes the value back
// (decision 0012).
const text = textSchema({ max: 200 });
/** `contains ""` would match everyone: a search needs something to search for. */
const searchText = textSchema({ min: 1, max: 200 });
const integer = z
  .number({ error: 'must be an integer' })
  .int('must be an integer')
  .min(-Number.MAX_SAFE_INTEGER, 'must be a safe integer')
  .max(Number.MAX_SAFE_INTEGER, 'must be a safe integer');
const date = calendarDateSchema;
const instant = instantSchema;
const uuid = z.uuid('must be a UUID');
const standing = standingSchema;
const currency = currencyInputSchema;

/** `in`: any of one to {@link MAX_IN_VALUES} values. */
const anyOf = <T extends z.ZodType>(value: T) =>
  z
    .array(value, { error: 'must be an array of values for operator in' })
    .min(1, `must be a non-empty array of at most ${MAX_IN_VALUES} values for operator in`)
    .max(MAX_IN_VALUES, `must be a non-empty array of at most ${MAX_IN_VALUES} values for operator in`);

/** "Is empty" / "is not empty": `eq null` / `ne null`, on a field a customer may lack. */
const orNull = <T extends z.ZodType>(value: T) => value.nullable();

/** Only an amount has a currency; anywhere else it is refused where it stands. */
const noCurrency = z.never({ error: 'only an amount carries a currency' }).optional();

const UNKNOWN_KEYS = 'has keys other than field, operator, value and (on an amount) currency';

/**
 * The items a field takes, one per group of operators whose value has the same type. Strict, so a
 * misspelt key is a 400, not silently ignored.
 */
function itemsOf<const F extends string>(field: F) {
  return <const O extends Operators, V extends z.ZodType>(operators: O, value: V) =>
    z.strictObject(
      { field: z.literal(field), operator: z.enum(operators), value, currency: noCurrency },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_KEYS : 'must be an object with field, operator and value') },
    );
}

/** One field's items, told apart by operator; an operator the field does not take is named as such. */
function fieldFilter<const T extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(field: string, items: T) {
  return z.discriminatedUnion('operator', items, { error: (issue: z.core.$ZodRawIssue) => noMatch(issue, `does not apply to ${field}; use one of`) });
}

/** The reason for a discriminator no option has: the options there are (never the value sent). */
function noMatch(issue: z.core.$ZodRawIssue, reason: string): string | undefined {
  if (issue.code === 'invalid_type') return 'must be an object with field, operator and value';
  const options: unknown = issue.code === 'invalid_union' ? issue.options : undefined;
  return Array.isArray(options) ? `${reason} ${options.join(', ')}` : undefined;
}

const name = itemsOf('name');
const currencyField = itemsOf('currency');
const standingField = itemsOf('standing');
const nInvoices = itemsOf('n_invoices');
const dueDate = itemsOf('due_date');
const lastChaseAt = itemsOf('last_chase_at');
const workflowId = itemsOf('workflow_id');
const tagId = itemsOf('tag_id');
const contactEmail = itemsOf('contact_email');
const chaseStopped = itemsOf('chase_stopped');
const pauseReason = itemsOf('pause_reason');
const pausedUntil = itemsOf('paused_until');

/**
 * An amount's value is in its `currency`'s minor units (pence, yen, cents: common/money.ts) and it
 * matches that currency's customers only. Amounts of different currencies are never compared
 * (decision 0013), so the currency is required unless every value is 0 ("owes anything" is the
 * same in every currency).
 */
function requireCurrencyUnlessZero(item: { value: number | number[]; currency?: string | undefined }, ctx: z.RefinementCtx): void {
  const values = [item.value].flat();
  if (item.currency === undefined && values.some((v) => v !== 0)) {
    ctx.addIssue({ code: 'custom', path: ['currency'], message: 'is required for an amount other than 0: amounts of different currencies are not compared' });
  }
}
const amount = itemsOf('amount_overdue');
const inCurrency = { currency: currency.optional() };
const amountOverdue = [
  amount(ORDERED, integer).extend(inCurrency).superRefine(requireCurrencyUnlessZero),
  amount(['in'], anyOf(integer)).extend(inCurrency).superRefine(requireCurrencyUnlessZero),
] as const;

/**
 * One `filter_str` item (docs/api-conventions.md, Lists): a field, an operator that field takes
 * and a value of the field's type — an array for `in`, null for "is empty" (`eq`/`ne`) on a field
 * a customer may lack. `tag_id` matches customers carrying that tag (`eq`), any of several (`in`)
 * or lacking it (`ne`). The server turns the parsed value into SQL without checking it again.
 */
export const customerFilterSchema = z.discriminatedUnion(
  'field',
  [
    fieldFilter('name', [name(EQUALITY, text), name(['contains'], searchText), name(['in'], anyOf(text))]),
    fieldFilter('currency', [currencyField(EQUALITY, currency), currencyField(['in'], anyOf(currency))]),
    fieldFilter('standing', [standingField(EQUALITY, standing), standingField(['in'], anyOf(standing))]),
    fieldFilter('amount_overdue', amountOverdue),
    fieldFilter('n_invoices', [nInvoices(ORDERED, integer), nInvoices(['in'], anyOf(integer))]),
    fieldFilter('due_date', [dueDate(EQUALITY, orNull(date)), dueDate(ORDERING, date)]),
    fieldFilter('last_chase_at', [lastChaseAt(EQUALITY, orNull(instant)), lastChaseAt(ORDERING, instant)]),
    fieldFilter('workflow_id', [workflowId(EQUALITY, orNull(uuid)), workflowId(['in'], anyOf(uuid))]),
    fieldFilter('tag_id', [tagId(EQUALITY, uuid), tagId(['in'], anyOf(uuid))]),
    fieldFilter('contact_email', [contactEmail(EQUALITY, orNull(text)), contactEmail(['contains'], searchText)]),
    // Why chasing stopped (decision 0039): `ne null` is every customer whose chasing stopped.
    fieldFilter('chase_stopped', [chaseStopped(EQUALITY, orNull(chaseStopReasonSchema)), chaseStopped(['in'], anyOf(chaseStopReasonSchema))]),
    // Why the system last paused the customer (kept after a resume: a promise resumed is a promise
    // not kept) and the day a pause ends; Home's To do links through these (decision 0040).
    fieldFilter('pause_reason', [pauseReason(EQUALITY, orNull(pauseReasonSchema)), pauseReason(['in'], anyOf(pauseReasonSchema))]),
    fieldFilter('paused_until', [pausedUntil(EQUALITY, orNull(date)), pausedUntil(ORDERING, date)]),
  ],
  {
    error: (issue: z.core.$ZodRawIssue) => noMatch(issue, 'is not a field a filter can name; use one of'),
  },
);
export type CustomerFilter = z.infer<typeof customerFilterSchema>;
export type CustomerFilterField = CustomerFilter['field'];
