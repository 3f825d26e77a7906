import { type AuditListQuery, type AuditListResponse, encodeAuditCursor } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { readAuditNames } from '../../org/audit-names';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

import { auditFilterSql, countAuditEntries, readAuditPage } from './audit-query';
import { toAuditEntry } from './audit-row';
import { readAuditActors } from './read-audit-actors';

/**
 * A page of the organisation's audit log, newest first, with how many entries match and where
 * the next page starts. Any member may read it (decision 0024: reads are any member's).
 */
export async function findAuditEntries(deps: { db: Db; orgId: string }, query: AuditListQuery): Promise<AuditListResponse> {
  const { rows, total, names } = await withOrg(deps.db, deps.orgId, async (tx) => {
    const { time_zone: timeZone } = await readOrganisationSettings(tx, deps.orgId);
    const filter = auditFilterSql(deps.orgId, query, timeZone);
    // One more than asked for says whether there is a next page without a second statement.
    const page = await readAuditPage(tx, filter, query.cursor, query.limit + 1);
    const names = await readAuditNames(tx, deps.orgId, page.slice(0, query.limit));
    return { rows: page, total: await countAuditEntries(tx, filter), names };
  });
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  const actors = await readAuditActors(deps.db, shown.map((row) => row.actor_id));
  return {
    rows: shown.map((row) => toAuditEntry(row, actors, names)),
    total,
    next_cursor: rows.length > query.limit && last ? encodeAuditCursor({ at: last.at_key, id: last.id }) : null,
  };
}
