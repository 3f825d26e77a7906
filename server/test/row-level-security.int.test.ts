import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { createTestDatabase, type TestDatabase } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

type TableSecurity = {
  table: string;
  has_org_id: boolean;
  rls_enabled: boolean;
  rls_forced: boolean;
  policies: string[];
};

/**
 * Every table of ours in `public` is a business table, except better-auth's (`auth_*`, users and
 * organisations themselves) and drizzle's own bookkeeping. A new table that forgets
 * `SELECT enable_org_rls('…')` in its migration fails here, naming itself.
 */
describe('row-level security on every business table', () => {
  it('has org_id, RLS enabled and forced, and the org_isolation policy', async () => {
    const result = await tdb.db.execute<TableSecurity>(sql`
      select c.relname as table,
             exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'org_id' and not a.attisdropped) as has_org_id,
             c.relrowsecurity as rls_enabled,
             c.relforcerowsecurity as rls_forced,
             coalesce((select array_agg(p.polname::text order by p.polname) from pg_policy p where p.polrelid = c.oid), '{}') as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like 'auth\\_%'
      order by c.relname`);
    const tables = result.rows;
    // The set is not empty and holds the tables we know of, so the query itself cannot pass vacuously.
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['customer', 'invoice', 'payment', 'customer_import_row', 'idempotency_key']));
    const unfenced = tables.filter((t) => !t.has_org_id || !t.rls_enabled || !t.rls_forced || !t.policies.includes('org_isolation'));
    expect(unfenced).toEqual([]);
  });

  it('enable_org_rls fences a new table completely', async () => {
    await tdb.db.execute(sql`create table rls_probe (id uuid primary key, org_id uuid not null)`);
    try {
      await tdb.db.execute(sql`select enable_org_rls('rls_probe')`);
      const [row] = (
        await tdb.db.execute<{ forced: boolean; policy: string }>(sql`
          select c.relforcerowsecurity as forced, p.polname::text as policy
          from pg_class c join pg_policy p on p.polrelid = c.oid where c.relname = 'rls_probe'`)
      ).rows;
      expect(row).toEqual({ forced: true, policy: 'org_isolation' });
    } finally {
      await tdb.db.execute(sql`drop table rls_probe`);
    }
  });
});
