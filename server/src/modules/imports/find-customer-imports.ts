import type { ImportListResponse, PageQuery } from '@receivables/contracts';
import { count, desc, eq } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { customerImport } from '../../db/schema';

import { toCustomerImport } from './customer-import-record';

/** The organisation's imports, newest first (index customer_import_org_created_at_idx). */
export async function findCustomerImports(deps: { db: Db; orgId: string }, query: PageQuery): Promise<ImportListResponse> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const where = eq(customerImport.orgId, deps.orgId);
    const rows = await tx
      .select()
      .from(customerImport)
      .where(where)
      .orderBy(desc(customerImport.createdAt), desc(customerImport.id))
      .limit(query.limit)
      .offset(query.offset);
    const [total] = await tx.select({ n: count() }).from(customerImport).where(where);
    return { rows: rows.map(toCustomerImport), total: total?.n ?? 0 };
  });
}
