import type { CustomerDetail, CustomerUpdate } from '@receivables/contracts';
import { and, eq, ne } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customer, invoice } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';
import { reconcileCustomers } from '../scheduling/reconcile-customers';
import { requireWorkflow } from '../workflows/workflow-records';

import { getCustomer } from './get-customer';
import { requireCustomer } from './require-customer';

/**
 * Change a customer's name, currency or workflow. The currency cannot move away from that of
 * its open invoices: amounts overdue are summed in the customer's currency.
 */
export async function updateCustomer(deps: OrgScope, id: string, input: CustomerUpdate): Promise<CustomerDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireCustomer(tx, deps.orgId, id, { lock: true });
    if (input.workflow_id) await requireWorkflow(tx, deps.orgId, input.workflow_id, 'workflow_id');
    if (input.currency !== undefined && input.currency !== current.currency) {
      const [clash] = await tx
        .select({ currency: invoice.currency })
        .from(invoice)
        .where(and(eq(invoice.orgId, deps.orgId), eq(invoice.customerId, id), eq(invoice.status, 'open'), ne(invoice.currency, input.currency)))
        .limit(1);
      if (clash) {
        throw new AppError('DOMAIN_RULE', `The customer has open invoices in ${clash.currency}; settle or void them before changing the currency to ${input.currency}`, [
          { field: 'currency', reason: `open invoices are in ${clash.currency}` },
        ]);
      }
    }
    const before = { name: current.name, currency: current.currency, workflow_id: current.workflowId };
    const after = {
      name: input.name ?? current.name,
      currency: input.currency ?? current.currency,
      workflow_id: input.workflow_id === undefined ? current.workflowId : input.workflow_id,
    };
    const diff = changedFields(before, after);
    if (diff) {
      await tx
        .update(customer)
        .set({ name: after.name, currency: after.currency, workflowId: after.workflow_id })
        .where(and(eq(customer.orgId, deps.orgId), eq(customer.id, id)));
      await recordAudit(tx, deps, { action: 'customer.update', entity: 'customer', entityId: id, customerId: id, ...diff });
      // Another workflow plans other emails, and the old one's pending emails are superseded.
      if (after.workflow_id !== before.workflow_id) await reconcileCustomers(tx, deps.orgId, [id], new Date());
    }
    return getCustomer({ db: tx, orgId: deps.orgId }, id);
  });
}
