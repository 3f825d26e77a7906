import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import type { AuditEntry } from '../../org/record-audit';

import { refreshCustomerFigures } from './refresh-customer-figures';

/**
 * Pause the customers as POST /pause does (standing_since kept for those already paused); only
 * those whose pause actually changes are written and audited.
 */
export async function pauseCustomers(tx: Tx, orgId: string, ids: string[], until: string | null): Promise<AuditEntry[]> {
  const result = await tx.execute(sql`
    with old as (
      select id, standing, paused_until from customer
      where org_id = ${orgId} and id = any(${uuidArray(ids)})
        and (standing <> 'paused' or paused_until is distinct from ${until}::date)
    )
    update customer c
    set standing = 'paused',
        standing_since = case when old.standing = 'paused' then c.standing_since else now() end,
        paused_until = ${until}::date,
        updated_at = now()
    from old where c.id = old.id and c.org_id = ${orgId}
    returning c.id, old.standing, old.paused_until`);
  return (result.rows as { id: string; standing: string; paused_until: string | null }[]).map((r) =>
    customerAudit('customer.pause', r.id, { standing: r.standing, paused_until: r.paused_until }, { standing: 'paused', paused_until: until }),
  );
}

/**
 * Resume the paused ones as POST /resume does: the pause is made to have ended yesterday and
 * refresh_customer_figures ends it (standing from the invoices, no system transition).
 */
export async function resumeCustomers(tx: Tx, orgId: string, ids: string[], today: string): Promise<AuditEntry[]> {
  const paused = await tx.execute(sql`
    with old as (select id, paused_until from customer where org_id = ${orgId} and id = any(${uuidArray(ids)}) and standing = 'paused')
    update customer c set paused_until = ${today}::date - 1, updated_at = now()
    from old where c.id = old.id and c.org_id = ${orgId}
    returning c.id, old.paused_until`);
  const before = paused.rows as { id: string; paused_until: string | null }[];
  if (before.length === 0) return [];
  const pausedIds = before.map((r) => r.id);
  await refreshCustomerFigures(tx, orgId, { customerIds: pausedIds, today });
  const after = await tx.execute(sql`select id, standing from customer where org_id = ${orgId} and id = any(${uuidArray(pausedIds)})`);
  const standing = new Map((after.rows as { id: string; standing: string }[]).map((r) => [r.id, r.standing]));
  return before.map((r) =>
    customerAudit('customer.resume', r.id, { standing: 'paused', paused_until: r.paused_until }, { standing: standing.get(r.id), paused_until: null }),
  );
}

/** Set (or clear, with null) the workflow of the customers that do not have it already. */
export async function assignWorkflowToCustomers(tx: Tx, orgId: string, ids: string[], workflowId: string | null): Promise<AuditEntry[]> {
  const result = await tx.execute(sql`
    with old as (
      select id, workflow_id from customer
      where org_id = ${orgId} and id = any(${uuidArray(ids)}) and workflow_id is distinct from ${workflowId}::uuid
    )
    update customer c set workflow_id = ${workflowId}::uuid, updated_at = now()
    from old where c.id = old.id and c.org_id = ${orgId}
    returning c.id, old.workflow_id`);
  // The same entry PUT /api/customers/{id}/ writes for a workflow change.
  return (result.rows as { id: string; workflow_id: string | null }[]).map((r) =>
    customerAudit('customer.update', r.id, { workflow_id: r.workflow_id }, { workflow_id: workflowId }),
  );
}

function customerAudit(action: string, id: string, before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry {
  return { action, entity: 'customer', entityId: id, customerId: id, before, after };
}
