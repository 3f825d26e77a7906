import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startJobBoss } from '../src/jobs/job-boss';

import { useIntegrationEnv } from './integration-env';
import { countRows, orgTables, seedEveryTable } from './organisation-helpers';
import { apiClient, expectError, insertMembership, joinWithRole, okBody, type SignedUpUser, signUpAndSignIn } from './support';

const env = useIntegrationEnv();

/** A person signed up with no organisation of their own, then made a member of `orgId`, and working in it. */
async function memberOnlyOf(orgId: string): Promise<SignedUpUser['api']> {
  const api = apiClient(env.server);
  const email = `only-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await signUpAndSignIn(api, { email, password: 'correct-horse-battery', name: 'Only Member' });
  await insertMembership(env.db.db, orgId, email, 'member');
  okBody(await api('POST', '/api/auth/organization/set-active', { organizationId: orgId }));
  return api;
}

const activeOrganisation = async (api: SignedUpUser['api']): Promise<string | null> =>
  okBody(await api.withToken(null)<{ session: { activeOrganizationId: string | null } }>('GET', '/api/auth/get-session')).session.activeOrganizationId;

async function orgName(orgId: string): Promise<string> {
  const { rows } = await env.db.db.execute<{ name: string }>(sql`select name from auth_organization where id = ${orgId}`);
  return rows[0]?.name ?? '';
}

/** pg-boss's jobs naming the organisation, as the API and the worker leave them. */
async function jobsOf(orgId: string): Promise<number> {
  const { rows } = await env.db.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where data->>'orgId' = ${orgId}`);
  return rows[0]?.n ?? 0;
}

describe('deleting an organisation (decision 0028)', () => {
  let boss: Awaited<ReturnType<typeof startJobBoss>>;
  beforeAll(async () => {
    // As a running app leaves it: the queue's tables exist and jobs wait, keyed by organisation.
    boss = await startJobBoss({ connectionString: env.db.url, runsWorker: false, log: { error: () => undefined } });
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
  });

  it('removes exactly its rows from every table, and leaves another organisation’s untouched', async () => {
    const owner = await env.signUp();
    const other = await env.signUp();
    const admin = await joinWithRole(env.server, env.db.db, owner.orgId, 'admin');
    // The owner also works in the other organisation; a member has no other.
    await insertMembership(env.db.db, other.orgId, owner.email, 'member');
    const onlyHere = await memberOnlyOf(owner.orgId);
    await seedEveryTable(env.db.db, owner.orgId, owner.userId);
    await seedEveryTable(env.db.db, other.orgId, other.userId);
    for (const orgId of [owner.orgId, other.orgId]) {
      await boss.send('chasing.schedule', { orgId }, { singletonKey: orgId, startAfter: 3600 });
      await boss.send('customers.import', { orgId }, { singletonKey: orgId, startAfter: 3600 });
    }

    const tables = await orgTables(env.db.db);
    expect(tables.length).toBeGreaterThan(20);
    const before = await countRows(env.db.db, tables, owner.orgId);
    const otherBefore = await countRows(env.db.db, tables, other.orgId);
    // A table the seed left empty would prove nothing: a new table must be seeded here too.
    expect(Object.entries(before).filter(([, n]) => n === 0).map(([table]) => table), 'tables with no row to delete').toEqual([]);
    expect(Object.entries(otherBefore).filter(([, n]) => n === 0).map(([table]) => table)).toEqual([]);
    expect(await jobsOf(owner.orgId)).toBe(2);

    const res = await owner.api('DELETE', '/api/organisation/', { name: await orgName(owner.orgId) });
    expect(res.status, res.text).toBe(204);

    expect(await countRows(env.db.db, tables, owner.orgId)).toEqual(Object.fromEntries(Object.keys(before).map((t) => [t, 0])));
    expect(await countRows(env.db.db, tables, other.orgId)).toEqual(otherBefore);
    expect(await jobsOf(owner.orgId)).toBe(0);
    expect(await jobsOf(other.orgId)).toBe(2);

    // People keep their accounts: the owner goes on in their other organisation, the admin in
    // their own, the member with no other has none (the SPA offers to create one).
    expect(await activeOrganisation(owner.api)).toBe(other.orgId);
    expect(await activeOrganisation(admin.api)).not.toBe(owner.orgId);
    expect(await activeOrganisation(admin.api)).not.toBeNull();
    expect(await activeOrganisation(onlyHere)).toBeNull();
    // A token minted for the deleted organisation opens nothing any more.
    expectError(await owner.api('GET', '/api/organisation/'), 401, 'UNAUTHENTICATED');
    // The other organisation still works for its own people.
    expect((await other.api('GET', '/api/customers/')).status).toBe(200);
  }, 120_000);

  it('refuses a name that is not exactly the organisation’s, and deletes nothing', async () => {
    const owner = await env.signUp();
    const other = await env.signUp();
    await insertMembership(env.db.db, other.orgId, owner.email, 'member');
    const name = await orgName(owner.orgId);
    expectError(await owner.api('DELETE', '/api/organisation/', { name: name.toUpperCase() }), 422, 'DOMAIN_RULE', 'name');
    expectError(await owner.api('DELETE', '/api/organisation/', { name: `${name} Ltd` }), 422, 'DOMAIN_RULE', 'name');
    // Another organisation the owner belongs to cannot be aimed at by its name: the token says which one goes.
    expectError(await owner.api('DELETE', '/api/organisation/', { name: await orgName(other.orgId) }), 422, 'DOMAIN_RULE', 'name');
    expectError(await owner.api('DELETE', '/api/organisation/', {}), 400, 'VALIDATION_FAILED', 'name');
    expectError(await owner.api('DELETE', '/api/organisation/', { name, org_id: other.orgId }), 400, 'VALIDATION_FAILED', 'org_id');
    expect(await orgName(owner.orgId)).toBe(name);
    expect((await owner.api('GET', '/api/organisation/')).status).toBe(200);
    expect((await other.api('GET', '/api/organisation/')).status).toBe(200);
  });

  it('is the owner’s alone: an admin and a member are refused with 403 naming the role, and nothing goes', async () => {
    const owner = await env.signUp();
    const name = await orgName(owner.orgId);
    for (const role of ['admin', 'member'] as const) {
      const person = await joinWithRole(env.server, env.db.db, owner.orgId, role);
      expectError(await person.api('DELETE', '/api/organisation/', { name }), 403, 'FORBIDDEN', 'role');
    }
    expect(await orgName(owner.orgId)).toBe(name);
  });

  it('refuses a second owner whose token outlived the deletion: the membership went with it', async () => {
    const owner = await env.signUp();
    const second = await joinWithRole(env.server, env.db.db, owner.orgId, 'owner');
    const name = await orgName(owner.orgId);
    expect((await owner.api('DELETE', '/api/organisation/', { name })).status).toBe(204);
    expectError(await second.api('DELETE', '/api/organisation/', { name }), 401, 'UNAUTHENTICATED');
  });
});
