// The customer list's plans stay proportional to the page (decision 0029). At a few thousand rows
// the planner would happily scan a whole small table, so each plan is read with sequential scans
// priced out (`enable_seqscan = off`): a Seq Scan that still appears means no index can serve the
// statement at all, which at a million customers is a scan of every one of them. Each sort must
// also read its page in index order, without sorting every match.
import { customerListQuerySchema, type CustomerListQueryInput, customerSortFieldSchema } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APP_ROLE } from '../src/db/client';
import { customerListSql } from '../src/modules/customers/customer-query';
import { toCustomerQuery } from '../src/modules/customers/find-customers';

import { createTestDatabase, insertOrganization, seedSyntheticBook, startAdminDatabase, type AdminDatabase, type TestDatabase } from './support';

let admin: AdminDatabase;
let database: TestDatabase;
let orgId: string;
let tagId: string;

beforeAll(async () => {
  admin = await startAdminDatabase();
  database = await createTestDatabase(admin.adminUrl);
  const org = await insertOrganization(database.db, { name: 'Plans Ltd' });
  const other = await insertOrganization(database.db, { name: 'Other Ltd' });
  orgId = org.id;
  await seedSyntheticBook(database.db, org.id, 3000);
  await seedSyntheticBook(database.db, other.id, 1000);
  await database.pool.query('analyze');
  const tag = await database.pool.query<{ id: string }>('select id from tag where org_id = $1 order by name limit 1', [org.id]);
  tagId = tag.rows[0]?.id ?? '';
}, 120_000);

afterAll(async () => {
  await database.drop();
  await admin.stop();
});

/** The plan of the list statement for `input`, as the app's role reads it under the organisation's row security. */
async function planOf(input: CustomerListQueryInput): Promise<string> {
  const query = new PgDialect().sqlToQuery(customerListSql(toCustomerQuery(orgId, customerListQuerySchema.parse(input))));
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('app.org_id', $1, true)", [orgId]);
    await client.query(`set local role ${APP_ROLE}`);
    await client.query('set local enable_seqscan = off');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/** The part of the plan that picks the page (the `page` CTE), before the count and the joins. */
function pagePart(plan: string): string {
  const lines = plan.split('\n');
  const start = lines.findIndex((l) => l.includes('CTE page'));
  const end = lines.findIndex((l, i) => i > start && /CTE counted|^\s*->\s+(Nested Loop|Hash\b.*Join|Merge Join)|^\S/.test(l) && !l.includes('CTE page'));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

const noSeqScan = (plan: string) => expect(plan, plan).not.toMatch(/Seq Scan on (customer|contact|customer_tag|tag)\b/);

describe('the customer list reads by index at every sort, filter and search', () => {
  it('Home’s top debtors walk the amount index of one currency and stop at five', async () => {
    const plan = await planOf({
      limit: 5,
      sort_field: 'amount_overdue',
      sort_order: 'desc',
      filter_str: JSON.stringify([{ field: 'amount_overdue', operator: 'gt', value: 0 }, { field: 'currency', operator: 'eq', value: 'GBP' }]),
    });
    noSeqScan(plan);
    expect(pagePart(plan)).toMatch(/Index (Only )?Scan( Backward)? using customer_org_currency_amount_overdue/);
    expect(pagePart(plan)).not.toMatch(/Sort/);
  });

  for (const field of customerSortFieldSchema.options) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorted by ${field} ${order}, the page comes from an index in order`, async () => {
        const plan = await planOf({ sort_field: field, sort_order: order });
        noSeqScan(plan);
        expect(pagePart(plan), plan).toMatch(/Index (Only )?Scan/);
        expect(pagePart(plan), plan).not.toMatch(/ Sort /);
      });
    }
  }

  it('a deep page after a cursor starts at the cursor’s index position', async () => {
    const after = (await import('@receivables/contracts')).encodeCustomerCursor({
      sort_field: 'due_date',
      sort_order: 'asc',
      key: ['2026-01-01'],
      id: '00000000-0000-4000-8000-000000000000',
    });
    const plan = await planOf({ sort_field: 'due_date', sort_order: 'asc', after });
    noSeqScan(plan);
    // The dates after the cursor's, then the customers with none: each a range of the index.
    expect(pagePart(plan), plan).toMatch(/Index Cond: .*ROW\(due_date, id\) > ROW/);
    expect(pagePart(plan), plan).toMatch(/Index Cond: .*due_date IS NULL/);
  });

  it('a tag filter checks the page’s candidates through the tag index', async () => {
    const plan = await planOf({ filter_str: JSON.stringify([{ field: 'tag_id', operator: 'eq', value: tagId }]) });
    noSeqScan(plan);
    expect(plan).toMatch(/customer_tag/);
  });

  // Whether a search walks the sort's index (a common word) or the trigram index (a rare one) is
  // the planner's call on the statistics; at this size either is cheap. What must never come back
  // is the contact join that made every search scan both tables.
  it('a search reads one column of the customer, never the contact table', async () => {
    const plan = await planOf({ q: 'ap1234@' });
    noSeqScan(plan);
    expect(pagePart(plan), plan).toMatch(/search_text ~~/);
    expect(pagePart(plan), plan).not.toMatch(/contact/);
  });

  it('a name filter reads the same column', async () => {
    const plan = await planOf({ filter_str: JSON.stringify([{ field: 'name', operator: 'contains', value: 'bakery 12' }]) });
    noSeqScan(plan);
    expect(pagePart(plan), plan).toMatch(/search_text ~~/);
  });

  it('the count stops one past the cap instead of counting every customer', async () => {
    const plan = await planOf({});
    expect(plan, plan).toMatch(/Aggregate[^\n]*\n\s*->\s+Limit/);
  });
});

describe('search text follows the name and the primary contact', () => {
  it('is rewritten when the name, the primary address or the primary contact changes', async () => {
    const text = async (id: string) =>
      (await database.pool.query<{ search_text: string }>('select search_text from customer where id = $1', [id])).rows[0]?.search_text;
    const made = await database.pool.query<{ id: string }>(`insert into customer (org_id, name) values ($1, 'Quince Works') returning id`, [orgId]);
    const id = made.rows[0]?.id ?? '';
    expect(await text(id)).toBe('quince works\n');
    await database.db.execute(sql`insert into contact (org_id, customer_id, email, role) values (${orgId}, ${id}, 'Pay@Quince.example', 'primary')`);
    expect(await text(id)).toBe('quince works\npay@quince.example');
    await database.db.execute(sql`update customer set name = 'Quince & Daughters' where id = ${id}`);
    expect(await text(id)).toBe('quince & daughters\npay@quince.example');
    await database.db.execute(sql`update contact set email = 'ledger@quince.example' where customer_id = ${id}`);
    expect(await text(id)).toBe('quince & daughters\nledger@quince.example');
    await database.db.execute(sql`update contact set role = 'escalation' where customer_id = ${id}`);
    expect(await text(id)).toBe('quince & daughters\n');
    await database.db.execute(sql`update contact set role = 'primary' where customer_id = ${id}`);
    await database.db.execute(sql`delete from contact where customer_id = ${id}`);
    expect(await text(id)).toBe('quince & daughters\n');
  });
});
