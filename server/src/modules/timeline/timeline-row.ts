import { callOutcomeSchema, customerNoteKindSchema, emailKindSchema, eventDirectionSchema, eventStatusSchema, type FieldChange, type TimelineItem } from '@receivables/contracts';

import { type NamedEntry, namesFor } from '../../org/audit-names';
import { iso } from '../customers/customer-row';
import { toStatusReason } from '../events/event-records';

/** One row of {@link timelineSql}: `data` holds the kind's own fields. */
export interface TimelineSqlRow {
  total: number;
  found: boolean;
  id: string | null;
  kind: TimelineItem['kind'] | null;
  at: Date | string | null;
  data: Record<string, unknown> | null;
}

/**
 * The one place a timeline row becomes the wire shape; an edit's before/after become `changes`,
 * and its actor is named from `actorNames` (user id → name).
 */
export function toTimelineItem(
  row: TimelineSqlRow & { id: string; kind: TimelineItem['kind']; at: Date | string },
  actorNames: ReadonlyMap<string, string>,
  /** The names of what edits point at (readAuditNames), so an edit reads in words as the audit log does (decision 0041). */
  entityNames: ReadonlyMap<string, string> = new Map(),
): TimelineItem {
  const base = { id: row.id, at: iso(row.at) };
  const data = row.data ?? {};
  if (row.kind === 'email') return toEmailItem(base, data, actorNames);
  if (row.kind === 'note') return toNoteItem(base, data, actorNames);
  if (row.kind !== 'edit') return { ...base, kind: row.kind, ...data } as TimelineItem;
  const before = (data.before ?? {}) as Record<string, unknown>;
  const after = (data.after ?? {}) as Record<string, unknown>;
  const actorId = typeof data.actor_id === 'string' ? data.actor_id : null;
  const changes: Record<string, FieldChange> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return {
    ...base,
    kind: 'edit',
    action: String(data.action),
    entity: String(data.entity),
    entity_id: String(data.entity_id),
    actor_id: actorId,
    actor_name: actorId === null ? null : (actorNames.get(actorId) ?? null),
    changes,
    names: namesFor(editNamed(data), entityNames),
    currency: text(data.currency),
  };
}

/** An edit row's entity and values, as readAuditNames and namesFor read an entry. */
export function editNamed(data: Record<string, unknown>): NamedEntry {
  const values = (v: unknown) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null);
  return { entity_id: String(data.entity_id), before: values(data.before), after: values(data.after) };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const instant = (value: unknown): string | null => (typeof value === 'string' ? iso(value) : null);

/** An email (an event): its status in the event's words, its instants as ISO, who changed it by hand. */
function toEmailItem(
  base: { id: string; at: string },
  data: Record<string, unknown>,
  actorNames: ReadonlyMap<string, string>,
): TimelineItem {
  const actorId = text(data.actor_id);
  return {
    ...base,
    kind: 'email',
    event_id: base.id,
    direction: eventDirectionSchema.parse(data.direction),
    status: eventStatusSchema.parse(data.status),
    status_reason: toStatusReason(text(data.status_reason)),
    email_kind: emailKindSchema.nullable().parse(data.email_kind ?? null),
    email_name: text(data.email_name),
    subject: text(data.subject),
    scheduled_for: instant(data.scheduled_for),
    sent_at: instant(data.sent_at),
    actor_id: actorId,
    actor_name: actorId === null ? null : (actorNames.get(actorId) ?? null),
  };
}

/** A note or a logged call (decision 0043): its writer named, its instants as ISO. */
function toNoteItem(
  base: { id: string; at: string },
  data: Record<string, unknown>,
  actorNames: ReadonlyMap<string, string>,
): TimelineItem {
  const actorId = text(data.actor_id);
  return {
    ...base,
    kind: 'note',
    note_kind: customerNoteKindSchema.parse(data.note_kind),
    body: text(data.body) ?? '',
    contact_name: text(data.contact_name),
    outcome: callOutcomeSchema.nullable().parse(data.outcome ?? null),
    follow_up_on: text(data.follow_up_on),
    follow_up_done_at: instant(data.follow_up_done_at),
    actor_id: actorId,
    actor_name: actorId === null ? null : (actorNames.get(actorId) ?? null),
  };
}
