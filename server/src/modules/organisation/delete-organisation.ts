import type { OrganisationDelete } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client';
import { authOrganization } from '../../db/schema';
import { domainRule, notFound } from '../../errors/domain-errors';

/**
 * Delete the organisation once its owner has typed its name (decision 0028). Every business
 * table's `org_id` cascades from `auth_organization`, as do its members and invitations, so one
 * statement removes exactly its rows and nobody else's; the sessions that were working in it move
 * to another organisation of their person (or none), and its jobs still waiting are dropped.
 */
export async function deleteOrganisation(deps: { db: Db; orgId: string }, input: OrganisationDelete): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // The lock waits for writes in flight to the organisation's rows (their foreign keys share-lock
    // this row) and makes later ones fail on the missing organisation, not slip in after.
    const [org] = await tx.select({ name: authOrganization.name }).from(authOrganization).where(eq(authOrganization.id, deps.orgId)).for('update');
    if (!org) throw notFound('Organisation');
    if (input.name !== org.name.trim()) {
      throw domainRule('The name typed is not this organisation’s name', 'name', 'must be the organisation’s name exactly, as the switcher shows it');
    }
    // Row-level security is forced even on the tables' owner (decision 0002): the organisation's
    // own rows are the ones its policy lets this statement see.
    await tx.execute(sql`select set_config('app.org_id', ${deps.orgId}, true)`);
    // A step's template is ON DELETE RESTRICT (a template in use cannot go): the steps go first,
    // so the cascade never meets a template some step still sends, whatever order it takes.
    await tx.execute(sql`delete from workflow_action where org_id = ${deps.orgId}`);
    await moveSessionsElsewhere(tx, deps.orgId);
    await dropWaitingJobs(tx, deps.orgId);
    await tx.delete(authOrganization).where(eq(authOrganization.id, deps.orgId));
  });
}

/**
 * Sessions whose active organisation this was resume in another of their person's (the oldest
 * membership, as a new sign-in would), or none: the SPA then offers to create one.
 */
async function moveSessionsElsewhere(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`
    update auth_session s
       set active_organization_id = (
         select m.organization_id from auth_member m
          where m.user_id = s.user_id and m.organization_id <> ${orgId}
          order by m.created_at, m.id
          limit 1)
     where s.active_organization_id = ${orgId}`);
}

/**
 * pg-boss's jobs keyed by the organisation (`data.orgId`: chasing passes, imports, sending,
 * Stripe syncs) that have not started: they would only fail on a missing organisation. A running
 * one finishes or fails on its own. The queue's tables exist only once a process has started
 * pg-boss (job-boss.ts), so a database that never ran one has nothing to drop.
 */
async function dropWaitingJobs(tx: Tx, orgId: string): Promise<void> {
  const [queue] = await tx.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as exists`).then((r) => r.rows);
  if (!queue?.exists) return;
  await tx.execute(sql`delete from pgboss.job where data->>'orgId' = ${orgId} and state in ('created', 'retry')`);
}
