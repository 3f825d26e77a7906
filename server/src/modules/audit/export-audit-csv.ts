import type { AuditCursor, AuditExportQuery } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { readAuditNames } from '../../org/audit-names';
import { readOrganisationToday } from '../../org/organisation-today';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

import { auditCsvChunks } from './audit-csv';
import { auditFilterSql, readAuditPage } from './audit-query';
import { toAuditEntry } from './audit-row';
import { readAuditActors } from './read-audit-actors';

/** Entries read per statement: large enough to be quick, small enough to keep memory flat. */
export const AUDIT_EXPORT_BATCH_SIZE = 1000;

/**
 * Every entry the filters match, newest first, as CSV chunks. The query was checked by the route
 * before anything is read, so a bad filter is a 400 before the first byte; each batch then runs in
 * its own short transaction (a slow download holds no connection), its people and what its ids
 * point at named in one read each.
 */
export async function exportAuditCsv(
  deps: { db: Db; orgId: string; batchSize?: number },
  query: AuditExportQuery,
): Promise<{ today: string; chunks: AsyncGenerator<string> }> {
  const batchSize = deps.batchSize ?? AUDIT_EXPORT_BATCH_SIZE;
  const { timeZone, today } = await withOrg(deps.db, deps.orgId, async (tx) => ({
    timeZone: (await readOrganisationSettings(tx, deps.orgId)).time_zone,
    today: await readOrganisationToday(tx, deps.orgId),
  }));
  const filter = auditFilterSql(deps.orgId, query, timeZone);
  const readBatch = async (after: AuditCursor | undefined) => {
    const { rows, names } = await withOrg(deps.db, deps.orgId, async (tx) => {
      const page = await readAuditPage(tx, filter, after, batchSize);
      return { rows: page, names: await readAuditNames(tx, deps.orgId, page) };
    });
    const actors = await readAuditActors(deps.db, rows.map((row) => row.actor_id));
    const last = rows.at(-1);
    const next = rows.length === batchSize && last ? { at: last.at_key, id: last.id } : null;
    return { rows: rows.map((row) => toAuditEntry(row, actors, names)), next };
  };
  return { today, chunks: auditCsvChunks(readBatch) };
}
