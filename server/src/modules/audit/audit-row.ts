import { type AuditActor, auditDescription, type AuditEntry } from '@receivables/contracts';

import { iso } from '../customers/customer-row';

import type { AuditSqlRow } from './audit-query';
import { actorFor } from './read-audit-actors';

/** The one place a stored entry becomes the wire shape, its description written from the contracts' words. */
export function toAuditEntry(row: AuditSqlRow, actors: ReadonlyMap<string, AuditActor>): AuditEntry {
  return {
    id: row.id,
    at: iso(row.at),
    actor: actorFor(row.actor_id, actors),
    action: row.action,
    description: auditDescription(row, row.customer_name),
    entity: row.entity,
    entity_id: row.entity_id,
    customer: row.customer_id === null ? null : { id: row.customer_id, name: row.customer_name },
    before: row.before,
    after: row.after,
  };
}
