import { z } from 'zod';

import { calendarDateSchema } from '../common/dates';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, listResponseSchema } from '../common/list';

/**
 * `action`: one action exactly (`customer.update`) or, ending with a dot, a family or any
 * prefix of one (`customer.`, `settings.email.`).
 */
const actionFilterSchema = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*\.?$/, 'must be an action such as customer.update, or a family ending with a dot such as customer.');

/** Where a page ended: the last entry's instant (microseconds, UTC) and id. */
const auditCursorValueSchema = z.object({ at: z.iso.datetime(), id: z.uuid() });
export type AuditCursor = z.infer<typeof auditCursorValueSchema>;

/** The cursor the API hands out: the position as base64url JSON, opaque to clients. */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeAuditCursor(value: string, ctx: z.RefinementCtx): AuditCursor {
  try {
    const parsed = auditCursorValueSchema.safeParse(JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/'))));
    if (parsed.success) return parsed.data;
  } catch {
    // Not base64 or not JSON: refused below like any other bad cursor.
  }
  ctx.addIssue({ code: 'custom', message: 'must be a next_cursor the API answered' });
  return z.NEVER;
}

/** The filters the list and the export share (docs/api-conventions.md, Audit log). */
const auditFilterShape = {
  /** A user's id, or `system` for what the product did on its own. */
  actor_id: z.union([z.uuid(), z.literal('system')]).optional(),
  action: actionFilterSchema.optional(),
  /** What was changed: `customer`, `invoice`, `workflow`, `org_settings`… */
  entity: z.string().max(64).regex(/^[a-z][a-z0-9_]*$/, 'must be an entity such as customer or invoice').optional(),
  customer_id: z.uuid().optional(),
  /** Calendar days of the organisation's zone, both included. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
};

const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;

/** `GET /api/audit/`: newest first, a keyset page at a time (`cursor` is the previous page's `next_cursor`). */
export const auditListQuerySchema = z
  .object({
    ...auditFilterShape,
    limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
    cursor: z.string().max(300).transform(decodeAuditCursor).optional(),
  })
  .refine(fromNotAfterTo, { path: ['to'], message: 'must not be before from' });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof auditListQuerySchema>;

/** `GET /api/audit/export.csv`: the same filters, every match, newest first. */
export const auditExportQuerySchema = z.object(auditFilterShape).refine(fromNotAfterTo, { path: ['to'], message: 'must not be before from' });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** A person who made changes; name and email as they are now, null once the user no longer exists. */
export const auditActorSchema = z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string().nullable() });
export type AuditActor = z.infer<typeof auditActorSchema>;

/** Field values as recorded, secrets already replaced by `[redacted]` (decision 0027). */
export const auditValuesSchema = z.record(z.string(), z.unknown());
export type AuditValues = z.infer<typeof auditValuesSchema>;

/** One entry of the audit log. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  /** Null when the product did it on its own (a bounce, a reply, a sync). */
  actor: auditActorSchema.nullable(),
  /** Dotted verb such as `customer.update` or `settings.email.sending_mode.update`. */
  action: z.string(),
  /** What was done, in words, without the actor: "changed the sending mode from Dry run to Sending". */
  description: z.string(),
  entity: z.string(),
  entity_id: z.uuid(),
  /** The customer it concerns, when any; `name` null if the customer is gone. */
  customer: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  /** The changed fields before and after (null for a creation or a deletion). */
  before: auditValuesSchema.nullable(),
  after: auditValuesSchema.nullable(),
  /**
   * The names, as they are now, of what the entry points at — its entity and the ids among its
   * values (a workflow, a template, an invoice's number…) — by id; an id missing here names
   * something since deleted. Read with the log, so older entries read right too (decision 0041).
   */
  names: z.record(z.string(), z.string()),
  /** The currency of the customer it concerns, for amounts its values hold without one; null when none. */
  currency: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of entries, how many match in all, and where the next page starts (null: this is the last). */
export const auditListResponseSchema = listResponseSchema(auditEntrySchema).extend({ next_cursor: z.string().nullable() });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** `GET /api/audit/facets`: what the filters can offer, from the organisation's own log. */
export const auditFacetsSchema = z.object({
  /** Everyone who appears in the log, by name. */
  actors: z.array(auditActorSchema),
  /** Whether the product itself made any of the changes. */
  includes_system: z.boolean(),
  /** The action families that appear, by label: `prefix` is the `action` filter's value (`customer.`). */
  action_families: z.array(z.object({ prefix: z.string(), label: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** The export's columns, in order, with the header a person reads. */
export const AUDIT_EXPORT_HEADERS = {
  at: 'Time (UTC)',
  actor_name: 'Person',
  actor_email: 'Email',
  description: 'What happened',
  action: 'Action',
  entity: 'Entity',
  entity_id: 'Entity ID',
  customer_name: 'Customer',
  customer_id: 'Customer ID',
  before: 'Before',
  after: 'After',
} as const;

/** The export's body as documented: UTF-8 CSV with a BOM, a header row, CRLF line ends. */
export const auditExportCsvSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 BOM, header row first');
