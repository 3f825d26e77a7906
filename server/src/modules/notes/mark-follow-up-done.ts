import type { CustomerNote } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { customerNote } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import { readActorNames } from '../../org/actor-names';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { noteActorIds, toCustomerNote } from './note-row';
import { requireCustomerNote } from './require-customer-note';

/**
 * Mark a note's or a call's follow-up done (decision 0043): it leaves Home's To do. Marking it
 * done again answers the note as it is; one without a follow-up is a 422 naming `id`.
 */
export async function markFollowUpDone(
  deps: OrgScope,
  id: string,
  // The names are read from the auth tables, which an idempotent write's transaction cannot read
  // (org/actor-names.ts): a route passes its pool.
  namesDb: DbOrTx = deps.db,
): Promise<CustomerNote> {
  const now = deps.now?.() ?? new Date();
  const row = await withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireCustomerNote(tx, deps.orgId, id);
    if (current.followUpOn === null) throw domainRule('There is no follow-up to mark done', 'id', 'has no follow-up day');
    if (current.followUpDoneAt !== null) return current;
    const [updated] = await tx
      .update(customerNote)
      .set({ followUpDoneAt: now, followUpDoneBy: deps.actorId, updatedAt: now })
      .where(eq(customerNote.id, current.id))
      .returning();
    if (!updated) throw new Error('customer_note update returned nothing');
    await recordAudit(tx, deps, {
      action: 'note.follow_up_done',
      entity: 'customer_note',
      entityId: current.id,
      customerId: current.customerId,
      before: { kind: current.kind, contact_name: current.contactName, follow_up_on: current.followUpOn, follow_up_done_at: null },
      after: { follow_up_done_at: now.toISOString() },
    });
    return updated;
  });
  return toCustomerNote(row, await readActorNames(namesDb, noteActorIds([row])));
}
