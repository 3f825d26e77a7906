import type { CustomerNoteListResponse, PageQuery } from '@receivables/contracts';
import { and, count, desc, eq } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { customerNote } from '../../db/schema';
import { readActorNames } from '../../org/actor-names';
import { requireCustomer } from '../customers/require-customer';

import { noteActorIds, toCustomerNote } from './note-row';

/** A customer's notes and calls, newest first by when each happened (decision 0043). */
export async function findCustomerNotes(
  deps: { db: DbOrTx; orgId: string },
  customerId: string,
  page: PageQuery,
): Promise<CustomerNoteListResponse> {
  const { rows, total } = await withOrg(deps.db, deps.orgId, async (tx) => {
    await requireCustomer(tx, deps.orgId, customerId);
    const where = and(eq(customerNote.orgId, deps.orgId), eq(customerNote.customerId, customerId));
    const found = await tx
      .select()
      .from(customerNote)
      .where(where)
      .orderBy(desc(customerNote.happenedAt), desc(customerNote.id))
      .limit(page.limit)
      .offset(page.offset);
    const [counted] = await tx.select({ n: count() }).from(customerNote).where(where);
    return { rows: found, total: counted?.n ?? 0 };
  });
  const names = await readActorNames(deps.db, noteActorIds(rows));
  return { rows: rows.map((row) => toCustomerNote(row, names)), total };
}
