import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { customerNote } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

import type { CustomerNoteRecord } from './note-row';

/** The organisation's note `id`, locked for the write; another organisation's or an unknown one is NOT_FOUND. */
export async function requireCustomerNote(tx: Tx, orgId: string, id: string): Promise<CustomerNoteRecord> {
  const [row] = await tx
    .select()
    .from(customerNote)
    .where(and(eq(customerNote.orgId, orgId), eq(customerNote.id, id)))
    .for('update');
  if (!row) throw notFound('Note');
  return row;
}
