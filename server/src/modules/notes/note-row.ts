import type { CustomerNote } from '@receivables/contracts';

import type { customerNote } from '../../db/schema';
import { iso } from '../customers/customer-row';

export type CustomerNoteRecord = typeof customerNote.$inferSelect;

/** The ids of the people a page of notes names (writers, and who marked follow-ups done). */
export const noteActorIds = (rows: readonly CustomerNoteRecord[]): string[] =>
  rows.flatMap((r) => [r.createdBy, r.followUpDoneBy]).filter((id): id is string => id !== null);

/** The one place a note becomes the wire shape, its people named from `names` (user id → name). */
export function toCustomerNote(row: CustomerNoteRecord, names: ReadonlyMap<string, string>): CustomerNote {
  return {
    id: row.id,
    customer_id: row.customerId,
    kind: row.kind,
    body: row.body,
    contact_name: row.contactName,
    outcome: row.outcome,
    happened_at: iso(row.happenedAt),
    follow_up_on: row.followUpOn,
    follow_up_done_at: row.followUpDoneAt ? iso(row.followUpDoneAt) : null,
    follow_up_done_by_name: row.followUpDoneBy ? (names.get(row.followUpDoneBy) ?? null) : null,
    created_by: row.createdBy,
    created_by_name: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/**
 * What an audit entry keeps of a note: enough to say it in words (decision 0043) — its kind and
 * contact always, so an edit or a deletion can name the call it was.
 */
export function noteAuditValues(row: Pick<CustomerNoteRecord, 'kind' | 'body' | 'contactName' | 'outcome' | 'happenedAt' | 'followUpOn'>) {
  return {
    kind: row.kind,
    body: row.body,
    contact_name: row.contactName,
    outcome: row.outcome,
    happened_at: iso(row.happenedAt),
    follow_up_on: row.followUpOn,
  };
}
