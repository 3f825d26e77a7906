import { eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customerNote } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { noteAuditValues } from './note-row';
import { requireCustomerNote } from './require-customer-note';

/** Delete a note or a call (decision 0043); the audit log keeps what it said. */
export async function deleteCustomerNote(deps: OrgScope, id: string): Promise<void> {
  await withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireCustomerNote(tx, deps.orgId, id);
    await tx.delete(customerNote).where(eq(customerNote.id, current.id));
    await recordAudit(tx, deps, {
      action: 'note.delete',
      entity: 'customer_note',
      entityId: current.id,
      customerId: current.customerId,
      before: noteAuditValues(current),
      after: null,
    });
  });
}
