import type { CustomerNote, CustomerNoteCreate } from '@receivables/contracts';

import { type DbOrTx, withOrg } from '../../db/client';
import { customerNote } from '../../db/schema';
import { readActorNames } from '../../org/actor-names';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationSettings } from '../../org/read-organisation-settings';
import { recordAudit } from '../../org/record-audit';
import { requireCustomer } from '../customers/require-customer';

import { noteActorIds, noteAuditValues, toCustomerNote } from './note-row';
import { requireFollowUpNotPast, requireHappenedAtNotFuture } from './note-rules';

/**
 * Add a note to a customer, or log a call with it (decision 0043): a call not in the future, a
 * follow-up day today or later in the organisation's zone. Audited with the customer.
 */
export async function createCustomerNote(
  deps: OrgScope,
  customerId: string,
  input: CustomerNoteCreate,
  // The names are read from the auth tables, which an idempotent write's transaction cannot read
  // (org/actor-names.ts): a route passes its pool.
  namesDb: DbOrTx = deps.db,
): Promise<CustomerNote> {
  const now = deps.now?.() ?? new Date();
  const row = await withOrg(deps.db, deps.orgId, async (tx) => {
    const owner = await requireCustomer(tx, deps.orgId, customerId);
    const happenedAt = input.kind === 'call' && input.happened_at ? new Date(input.happened_at) : now;
    requireHappenedAtNotFuture(happenedAt, now);
    const followUpOn = input.follow_up_on ?? null;
    if (followUpOn !== null) requireFollowUpNotPast(followUpOn, now, (await readOrganisationSettings(tx, deps.orgId)).time_zone);
    const [inserted] = await tx
      .insert(customerNote)
      .values({
        orgId: deps.orgId,
        customerId: owner.id,
        kind: input.kind,
        body: input.body ?? '',
        contactName: input.kind === 'call' ? input.contact_name : null,
        outcome: input.kind === 'call' ? input.outcome : null,
        happenedAt,
        followUpOn,
        createdBy: deps.actorId,
      })
      .returning();
    if (!inserted) throw new Error('customer_note insert returned nothing');
    await recordAudit(tx, deps, {
      action: input.kind === 'call' ? 'note.log_call' : 'note.create',
      entity: 'customer_note',
      entityId: inserted.id,
      customerId: owner.id,
      before: null,
      after: noteAuditValues(inserted),
    });
    return inserted;
  });
  return toCustomerNote(row, await readActorNames(namesDb, noteActorIds([row])));
}
