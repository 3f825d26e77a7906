import type { CustomerNote, CustomerNoteUpdate } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { customerNote } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import { readActorNames } from '../../org/actor-names';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationSettings } from '../../org/read-organisation-settings';
import { changedFields, recordAudit } from '../../org/record-audit';

import { noteActorIds, noteAuditValues, toCustomerNote } from './note-row';
import { requireFollowUpNotPast, requireHappenedAtNotFuture } from './note-rules';
import { requireCustomerNote } from './require-customer-note';

const CALL_FIELDS = ['contact_name', 'outcome', 'happened_at'] as const;

/**
 * Change a note or a call (decision 0043: anyone with the customers permission, not only its
 * writer). A follow-up moved to another day is to do again; a day already past is refused only
 * when it is a new one, so an overdue follow-up's note can still be corrected.
 */
export async function updateCustomerNote(
  deps: OrgScope,
  id: string,
  input: CustomerNoteUpdate,
  // The names are read from the auth tables, which an idempotent write's transaction cannot read
  // (org/actor-names.ts): a route passes its pool.
  namesDb: DbOrTx = deps.db,
): Promise<CustomerNote> {
  const now = deps.now?.() ?? new Date();
  const row = await withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireCustomerNote(tx, deps.orgId, id);
    if (current.kind === 'note') {
      const field = CALL_FIELDS.find((f) => input[f] !== undefined);
      if (field) throw domainRule('A note has no call details', field, 'only a call has this');
      if (input.body !== undefined && input.body === '') throw domainRule('A note needs its text', 'body', 'must not be empty');
    }
    if (input.happened_at !== undefined) requireHappenedAtNotFuture(new Date(input.happened_at), now);
    const followUpMoved = input.follow_up_on !== undefined && input.follow_up_on !== current.followUpOn;
    if (followUpMoved && input.follow_up_on) {
      requireFollowUpNotPast(input.follow_up_on, now, (await readOrganisationSettings(tx, deps.orgId)).time_zone);
    }
    const next = {
      body: input.body ?? current.body,
      contactName: input.contact_name ?? current.contactName,
      outcome: input.outcome ?? current.outcome,
      happenedAt: input.happened_at ? new Date(input.happened_at) : current.happenedAt,
      followUpOn: input.follow_up_on === undefined ? current.followUpOn : input.follow_up_on,
    };
    const change = changedFields(noteAuditValues(current), noteAuditValues({ ...current, ...next }));
    if (change === null) return current;
    const [updated] = await tx
      .update(customerNote)
      .set({ ...next, ...(followUpMoved ? { followUpDoneAt: null, followUpDoneBy: null } : {}), updatedAt: now })
      .where(eq(customerNote.id, current.id))
      .returning();
    if (!updated) throw new Error('customer_note update returned nothing');
    await recordAudit(tx, deps, {
      action: 'note.update',
      entity: 'customer_note',
      entityId: current.id,
      customerId: current.customerId,
      // The kind and contact ride on `before` so the sentence can name the call (decision 0043).
      before: { kind: current.kind, contact_name: current.contactName, ...change.before },
      after: change.after,
    });
    return updated;
  });
  return toCustomerNote(row, await readActorNames(namesDb, noteActorIds([row])));
}
