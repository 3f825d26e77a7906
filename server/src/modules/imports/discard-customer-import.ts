import { eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customerImport } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { importAlreadyStarted } from './imports.errors';
import { requireCustomerImport } from './require-customer-import';

/**
 * Throw away an upload that was never started: the record and its stored rows (which cascade).
 * A started import is the history of what it changed, so it is refused, never deleted; another
 * organisation's import is not found (docs/decisions/0009-csv-import.md, Flow).
 */
export async function discardCustomerImport(deps: OrgScope, id: string): Promise<void> {
  await withOrg(deps.db, deps.orgId, async (tx) => {
    // Locked, so a start arriving at the same moment either wins (and this refuses) or waits and finds nothing.
    const current = await requireCustomerImport(tx, deps.orgId, id, { lock: true });
    if (current.status !== 'uploaded') throw importAlreadyStarted(current.status);
    await tx.delete(customerImport).where(eq(customerImport.id, id));
    await recordAudit(tx, deps, { action: 'import.discard', entity: 'customer_import', entityId: id, customerId: null, before: { filename: current.filename }, after: null });
  });
}
