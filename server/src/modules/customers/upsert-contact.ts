import type { ContactUpsert, CustomerDetail } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { contact } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import { nullable } from './create-customer';
import { getCustomer } from './get-customer';
import { requireCustomer } from './require-customer';

/** Create or replace the customer's contact of `input.role` (one per role). */
export async function upsertContact(deps: OrgScope, customerId: string, input: ContactUpsert): Promise<CustomerDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    await requireCustomer(tx, deps.orgId, customerId, { lock: true });
    const where = and(eq(contact.orgId, deps.orgId), eq(contact.customerId, customerId), eq(contact.role, input.role));
    const [current] = await tx.select().from(contact).where(where).for('update');
    const values = nullable(input);
    let contactId: string;
    if (current) {
      // A new address may be deliverable where the bounced one was not (decision 0021).
      const addressChanged = current.email.toLowerCase() !== input.email.toLowerCase();
      const cleared = addressChanged ? { undeliverableAt: null, undeliverableReason: null } : {};
      await tx.update(contact).set({ ...values, ...cleared }).where(eq(contact.id, current.id));
      contactId = current.id;
    } else {
      const [row] = await tx
        .insert(contact)
        .values({ orgId: deps.orgId, customerId, role: input.role, ...values })
        .returning({ id: contact.id });
      if (!row) throw new Error('contact insert returned nothing');
      contactId = row.id;
    }
    const before = current ? { role: current.role, name: current.name, email: current.email, phone: current.phone } : {};
    const diff = changedFields(before, { role: input.role, ...values });
    if (diff) {
      await recordAudit(tx, deps, { action: 'contact.upsert', entity: 'contact', entityId: contactId, customerId, ...diff });
      // Planned emails take the new address; a step that had no one to write to can now be planned.
      await reconcileCustomers(tx, deps.orgId, [customerId], deps.now?.() ?? new Date());
    }
    return getCustomer({ db: tx, orgId: deps.orgId }, customerId);
  });
}
