import type { FieldChange, TimelineItem } from '@receivables/contracts';

import { iso } from '../customers/customer-row';

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
): TimelineItem {
  const base = { id: row.id, at: iso(row.at) };
  const data = row.data ?? {};
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
  };
}
