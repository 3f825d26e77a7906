import type { CustomerImport } from '@receivables/contracts';

import { type DbOrTx, withOrg } from '../../db/client';

import { toCustomerImport } from './customer-import-record';
import { requireCustomerImport } from './require-customer-import';

/** One import with its progress; the mapping screen and the progress bar poll it. */
export async function getCustomerImport(deps: { db: DbOrTx; orgId: string }, id: string): Promise<CustomerImport> {
  return toCustomerImport(await withOrg(deps.db, deps.orgId, (tx) => requireCustomerImport(tx, deps.orgId, id)));
}
