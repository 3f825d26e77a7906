import { type AuditActor, auditDescription, type AuditEntry } from '@receivables/contracts';

import { namesFor } from '../../org/audit-names';
import { iso } from '../customers/customer-row';

import type { AuditSqlRow } from './audit-query';
import { actorFor } from './read-audit-actors';

/**
 * The one place a stored entry becomes the wire shape, its description written from the
 * contracts' words with the names, as they are now, of what its ids point at (decision 0041).
 */
export function toAuditEntry(row: AuditSqlRow, actors: ReadonlyMap<string, AuditActor>, allNames: ReadonlyMap<string, string>): AuditEntry {
  const names = namesFor(row, allNames);
  return {
    id: row.id,
    at: iso(row.at),
    actor: actorFor(row.actor_id, actors),
    action: row.action,
    description: auditDescription({ ...row, names }, row.customer_name),
    entity: row.entity,
    entity_id: row.entity_id,
    customer: row.customer_id === null ? null : { id: row.customer_id, name: row.customer_name },
    before: row.before,
    after: row.after,
    names,
    currency: row.customer_currency,
  };
}
