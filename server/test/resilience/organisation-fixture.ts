import { sql } from 'drizzle-orm';

import type { IntegrationEnv } from '../integration-env';
import { orgTables, seedEveryTable } from '../organisation-helpers';
import { type Db, joinWithRole, type SignedUpUser } from '../support';

/** An organisation with a row in every table, a team of three, and one more member for the team routes to act on. */
export interface SeededOrganisation {
  orgId: string;
  owner: SignedUpUser;
  admin: SignedUpUser;
  member: SignedUpUser;
  /** A member no caller is: `/api/team/members/:id` acts on them. */
  bystander: SignedUpUser;
  /** One id of each table, by table name (`customer`, `auth_invitation`…): what path parameters name. */
  ids: ReadonlyMap<string, string>;
}

/**
 * Sign an organisation up with its team, and (unless told not to: a made-up book brings its own)
 * give it a row in every table that has an `org_id` (`seedEveryTable`, which the organisation
 * deletion test keeps complete): so every route with an id in its path has a real one to be called with.
 */
export async function seedOrganisation(
  env: IntegrationEnv,
  options: { everyTable: boolean } = { everyTable: true },
): Promise<SeededOrganisation> {
  const owner = await env.signUp();
  const db = env.db.db;
  const [admin, member, bystander] = await Promise.all([
    joinWithRole(env.server, db, owner.orgId, 'admin'),
    joinWithRole(env.server, db, owner.orgId, 'member'),
    joinWithRole(env.server, db, owner.orgId, 'member'),
  ]);
  if (options.everyTable) await seedEveryTable(db, owner.orgId, owner.userId);
  const ids = new Map<string, string>();
  for (const table of await tablesWithId(db)) {
    const { rows } = await db.execute<{ id: string }>(sql`select id::text as id from ${sql.identifier(table)} where org_id = ${owner.orgId} order by id limit 1`);
    if (rows[0]) ids.set(table, rows[0].id);
  }
  const membership = await db.execute<{ id: string }>(sql`select id::text as id from auth_member where organization_id = ${owner.orgId} and user_id = ${bystander.userId}`);
  const invitation = await db.execute<{ id: string }>(sql`select id::text as id from auth_invitation where organization_id = ${owner.orgId} limit 1`);
  if (membership.rows[0]) ids.set('auth_member', membership.rows[0].id);
  if (invitation.rows[0]) ids.set('auth_invitation', invitation.rows[0].id);
  return { orgId: owner.orgId, owner, admin, member, bystander, ids };
}

/** Tables with an `org_id` and an `id`, as the database lists them. */
async function tablesWithId(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'id'
       and table_name in (select table_name from information_schema.columns where table_schema = 'public' and column_name = 'org_id')`);
  return rows.map((r) => r.table_name);
}

/**
 * Everything that names an organisation's data: every id in every table it has rows in, its
 * customers' and tags' names, its people's ids and addresses. Another organisation's answers must
 * contain none of them.
 */
export async function identifiersOf(db: Db, org: SeededOrganisation): Promise<Set<string>> {
  const found = new Set<string>([org.orgId]);
  for (const person of [org.owner, org.admin, org.member, org.bystander]) {
    found.add(person.userId);
    found.add(person.email);
  }
  for (const table of await tablesWithId(db)) {
    const { rows } = await db.execute<{ id: string }>(sql`select id::text as id from ${sql.identifier(table)} where org_id = ${org.orgId}`);
    for (const row of rows) found.add(row.id);
  }
  const names = await db.execute<{ name: string }>(sql`
    select name from customer where org_id = ${org.orgId} union select name from tag where org_id = ${org.orgId}`);
  for (const row of names.rows) found.add(row.name);
  return found;
}

/**
 * A digest of an organisation's rows in every table with an `org_id`, and its organisation,
 * members and invitations: equal before and after means nothing of it changed. One statement,
 * read as the connection's owner, around row-level security. `tables` is `orgTables(db)`, read once.
 */
export async function fingerprint(db: Db, orgId: string, tables: readonly string[]): Promise<Record<string, string>> {
  const parts = [
    ...tables.map((table) => ({ table, column: 'org_id' })),
    { table: 'auth_organization', column: 'id' },
    { table: 'auth_member', column: 'organization_id' },
    { table: 'auth_invitation', column: 'organization_id' },
  ].map(({ table, column }) => sql`select ${table} as name, md5(string_agg(t::text, ',' order by t::text)) as d from ${sql.identifier(table)} t where ${sql.identifier(column)} = ${orgId}`);
  const { rows } = await db.execute<{ name: string; d: string | null }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.name, r.d ?? 'none']));
}

/** The tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

/** Rows of `orgId` (any table with an `org_id`) that mention one of `foreign`: a reference across organisations. */
export async function foreignReferences(db: Db, orgId: string, foreign: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  for (const table of await orgTables(db)) {
    const { rows } = await db.execute<{ row: string }>(sql`select t::text as row from ${sql.identifier(table)} t where org_id = ${orgId}`);
    for (const { row } of rows) {
      for (const id of foreign) if (id.length >= 8 && row.includes(id)) found.push(`${table} row mentions ${id}`);
    }
  }
  return found;
}
