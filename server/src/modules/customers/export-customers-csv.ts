import type { CustomerExportQuery } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { readOrganisationToday } from '../../org/organisation-today';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

import { customerCsvChunks } from './customer-csv';
import { type ExportCursor, readCustomerExportBatch } from './customer-export-query';
import { toCustomerQuery } from './find-customers';

/** Rows read per statement: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Every customer the list query matches, as CSV chunks in the list's order (docs/api-conventions.md, filters);
 * with `customer_ids`, only those of them (a selection on the list, decision 0008). An id of
 * another organisation's customer matches nothing here, as it would in the list: the
 * organisation predicate and row-level security both stand between it and the file.
 * The query is checked before anything is read, so a bad filter is a 400 before the first byte;
 * each batch then runs in its own short transaction, so a slow download holds no connection.
 */
export async function exportCustomersCsv(
  deps: { db: Db; orgId: string; today?: string; batchSize?: number },
  query: CustomerExportQuery,
): Promise<{ today: string; chunks: AsyncGenerator<string> }> {
  const batchSize = deps.batchSize ?? EXPORT_BATCH_SIZE;
  const { customer_ids: ids, ...listQuery } = query;
  const list = { ...listQuery, limit: batchSize, offset: 0 };
  // Days late count in the organisation's own calendar, and amounts lead with its currency, as the list shows them.
  const { today, lead } = await withOrg(deps.db, deps.orgId, async (tx) => ({
    today: deps.today ?? (await readOrganisationToday(tx, deps.orgId)),
    lead: (await readOrganisationSettings(tx, deps.orgId)).default_currency,
  }));
  const listed = toCustomerQuery(deps.orgId, list, lead);
  const customerQuery = ids ? { ...listed, where: [...listed.where, sql`c.id = any(${uuidArray(ids)})`] } : listed;
  const readBatch = (after: ExportCursor | null, limit: number) =>
    withOrg(deps.db, deps.orgId, (tx) => readCustomerExportBatch(tx, customerQuery, after, limit));
  const chunks = customerCsvChunks(readBatch, { batchSize, today });
  return { today, chunks };
}
