import type { CustomerDetail, CustomerCreate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { contact, customer } from '../../db/schema';
import { onUniqueViolation } from '../../errors/unique-violation';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { getCustomer } from './get-customer';

/** A new customer, with its primary contact when given; a duplicate external_ref is a 409. */
export async function createCustomer(deps: OrgScope, input: CustomerCreate): Promise<CustomerDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const values = { orgId: deps.orgId, name: input.name, currency: input.currency, externalRef: input.external_ref ?? null };
    const [row] = await tx
      .insert(customer)
      .values(values)
      .returning({ id: customer.id })
      .catch(
        onUniqueViolation({
          customer_org_external_ref_uidx: { message: 'A customer with this external_ref already exists', field: 'external_ref', reason: 'is already used by another customer' },
        }),
      );
    if (!row) throw new Error('customer insert returned nothing');
    if (input.contact) {
      await tx.insert(contact).values({ orgId: deps.orgId, customerId: row.id, role: 'primary', ...nullable(input.contact) });
    }
    await recordAudit(tx, deps, {
      action: 'customer.create',
      entity: 'customer',
      entityId: row.id,
      customerId: row.id,
      before: null,
      after: { name: input.name, currency: input.currency, external_ref: input.external_ref ?? null },
    });
    return getCustomer({ db: tx, orgId: deps.orgId }, row.id);
  });
}

/** A contact input's optional fields as the columns store them (null, not undefined). */
export function nullable(input: { name?: string | undefined; email: string; phone?: string | undefined }) {
  return { name: input.name || null, email: input.email, phone: input.phone || null };
}
