import type { EventBulkJob, EventBulkRequest } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { eventBulkJob } from '../../db/schema';
import { uuidArray } from '../../db/uuid-array';
import { domainRule, manyNotFound } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { loadOrgSending } from '../delivery/org-sending';
import type { SenderDeps } from '../delivery/sender-deps';

import { eventBulkJobColumns, toEventBulkJob } from './event-bulk-job-record';
import { whyNothingCanBeSent } from './execute-event';

export type StartEventBulkDeps = OrgScope & { actorId: string; sending: Pick<SenderDeps, 'secrets' | 'instanceSmtpUrl' | 'outbound'> };

/**
 * Accept Send now or Cancel over the emails chosen on Activity (decision 0045): every id must be one
 * of the organisation's emails (else a 404 naming each `event_ids[i]`, and no job), and a Send now
 * is refused up front (422 naming `action`) when the organisation can send nothing by hand. The
 * ids are kept on the job in id order; whether each is still planned is asked when its turn
 * comes, by the very function Send now or Cancel runs on one. The caller sends the job once this
 * has committed, so the job never finds it missing.
 */
export async function startEventBulkJob(deps: StartEventBulkDeps, input: EventBulkRequest): Promise<EventBulkJob> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    if (input.action === 'send_now') {
      const blocked = whyNothingCanBeSent((await loadOrgSending(tx, deps.orgId, deps.sending)).mail);
      if (blocked) throw domainRule(blocked.message, 'action', blocked.reason);
    }
    const ids = await requireOrganisationEmails(tx, deps.orgId, input.event_ids);
    const [row] = await tx
      .insert(eventBulkJob)
      .values({ orgId: deps.orgId, createdBy: deps.actorId, action: input.action, eventIds: ids, total: ids.length })
      .returning(eventBulkJobColumns);
    if (!row) throw new Error('event bulk job insert returned nothing');
    return toEventBulkJob(row);
  });
}

/** The ids, lower-cased and in id order, once each is known to be one of the organisation's emails; NOT_FOUND naming every other. */
async function requireOrganisationEmails(tx: Tx, orgId: string, ids: string[]): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`select id from event where org_id = ${orgId} and id = any(${uuidArray(ids)})`);
  const found = new Set(result.rows.map((r) => r.id));
  const normalised = ids.map((id) => id.toLowerCase());
  // The field names which one by its place; the id itself is not repeated back (an answer never echoes
  // what was sent, nor confirms an id exists elsewhere).
  const missing = normalised.flatMap((id, index) => (found.has(id) ? [] : [{ field: `event_ids[${index}]`, reason: 'no such email in this organisation' }]));
  if (missing.length > 0) throw manyNotFound('Email', 'emails', missing);
  return [...normalised].sort();
}
