// The customer list's plans stay proportional to the page (decision 0029). At a few thousand rows
// the planner would happily scan a whole small table, so each plan is read with sequential scans
// priced out (`enable_seqscan = off`): a Seq Scan that still appears means no index can serve the
// statement at all, which at a million customers is a scan of every one of them. Each sort must
// also read its page in index order, without sorting every match.
import { CUSTOMER_TOTAL_CAP, customerListQuerySchema, type CustomerListQueryInput, customerSortFieldSchema, encodeCustomerCursor } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APP_ROLE } from '../src/db/client';
import { customerListSql } from '../src/modules/customers/customer-query';
import { findCustomers, toCustomerQuery } from '../src/modules/customers/find-customers';

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

/**
 * `read` in a transaction as the app's role under the organisation's row security, with
 * sequential scans priced out, rolled back after.
 */
async function asApp<T>(read: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('app.org_id', $1, true)", [orgId]);
    await client.query(`set local role ${APP_ROLE}`);
    await client.query('set local enable_seqscan = off');
    return await read(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

// The organisation's currency (the settings' default): it leads the amount sort, and sits between
// the book's other currencies (EUR < GBP < JPY < USD), so every kind of currency range is read.
const LEAD = 'GBP';

/** The plan of the list statement for `input`, as the app's role reads it. */
async function planOf(input: CustomerListQueryInput): Promise<string> {
  const query = new PgDialect().sqlToQuery(customerListSql(toCustomerQuery(orgId, customerListQuerySchema.parse(input), LEAD)));
  const plan = await asApp((client) => client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params));
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
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

  // Decision 0013: the organisation's currency, then those before it in code order, then those after;
  // each an index range read in amount order up to the page, and the few rows read merged.
  for (const order of ['asc', 'desc'] as const) {
    it(`sorted by amount ${order}, each currency range is read from the amount index up to the page`, async () => {
      const plan = await planOf({ sort_field: 'amount_overdue', sort_order: order });
      noSeqScan(plan);
      const page = pagePart(plan);
      for (const range of ['=', '<', '>']) {
        const scan = String.raw`Index (Only )?Scan( Backward)? using customer_org_currency_amount_overdue\w*[^\n]*\n[^\n]*Index Cond: [^\n]*\(currency ${range} `;
        expect(page, plan).toMatch(new RegExp(scan));
      }
      // The merge sorts what the three ranges read (a page of each, appended), never every customer:
      // the page's own Limit and one per range.
      expect(page, plan).toMatch(/Append/);
      expect(page.match(/->\s+Limit/g)?.length, plan).toBe(4);
    });
  }

  it('a page of amounts after a cursor in another currency reads the rest of that currency, then the currencies still to come', async () => {
    const after = encodeCustomerCursor({ sort_field: 'amount_overdue', sort_order: 'desc', key: [LEAD, 'EUR', '5000'], id: '00000000-0000-4000-8000-000000000000' });
    const plan = await planOf({ sort_field: 'amount_overdue', sort_order: 'desc', after });
    noSeqScan(plan);
    const page = pagePart(plan);
    expect(page, plan).toMatch(/Index Cond: .*currency = 'EUR'.*ROW\(amount_overdue, id\) < ROW/);
    expect(page, plan).toMatch(/Index Cond: .*currency > 'EUR'.*currency < 'GBP'/);
    expect(page, plan).toMatch(/Index Cond: .*currency > 'GBP'/);
  });

  for (const field of customerSortFieldSchema.options.filter((f) => f !== 'amount_overdue')) {
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
    const after = encodeCustomerCursor({
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

  // Chasing stopped (decision 0039) is a few customers of many: read through the partial index that
  // holds only customers with a stop recorded, never by walking the list's order past the rest.
  it('a chasing-stopped filter reads the customers with a stop recorded through their own index', async () => {
    const plan = await planOf({ filter_str: JSON.stringify([{ field: 'chase_stopped', operator: 'ne', value: null }]) });
    noSeqScan(plan);
    expect(pagePart(plan), plan).toMatch(/customer_org_chase_stops_at_idx/);
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

  // Its probe reads the trigram index; the list's own statement checks the name alone, so a common
  // word is not mistaken for a rare one (decision 0029, "Probes").
  it('a name filter checks the name alone, never the contact table', async () => {
    const plan = await planOf({ filter_str: JSON.stringify([{ field: 'name', operator: 'contains', value: 'bakery' }]) });
    noSeqScan(plan);
    expect(pagePart(plan), plan).toMatch(/lower\(name\) ~~/);
    expect(pagePart(plan), plan).not.toMatch(/search_text|contact/);
  });

  // Row security keeps enum equality out of the list's index scans (decision 0029, "Probes"); the
  // standing probe, run as its owner, must reach the standing index for the app's role. (The name
  // probe is the search's, and which index serves a LIKE at this size is the planner's call.)
  it('the standing probe reads the standing index for the app’s role', async () => {
    const indexReads = (probe: string, params: unknown[], index: string) =>
      asApp(async (client) => {
        const found = await client.query(probe, params);
        // The index entries read in this transaction (not yet flushed to the shared statistics).
        const reads = await client.query<{ n: string }>('select pg_stat_get_xact_tuples_returned($1::regclass) as n', [index]);
        return { found: found.rowCount ?? 0, entries: Number(reads.rows[0]?.n ?? 0) };
      });
    // Customers in good standing come first in that index: a walk filtering by standing would read them all.
    const probe = 'select customer_standing_ids($1::standing[], 1001) as id';
    const { found, entries } = await indexReads(probe, [['multiple_missed']], 'customer_org_standing_idx');
    expect(found).toBeGreaterThan(0);
    expect(entries).toBe(found);
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
    const made = await database.pool.query<{ id: string }>('insert into customer (org_id, name) values ($1, \'Quince Works\') returning id', [orgId]);
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

describe('pages, counts and searches at more than the cap', () => {
  const find = (input: CustomerListQueryInput) => findCustomers({ db: database.db, orgId }, customerListQuerySchema.parse(input));
  const idsBy = async (text: string, params: unknown[]) => (await database.pool.query<{ id: string }>(text, params)).rows.map((r) => r.id);

  it('counts exactly up to the cap and says when there are more', async () => {
    const all = await find({ limit: 5 });
    expect({ total: all.total, capped: all.total_capped }).toEqual({ total: CUSTOMER_TOTAL_CAP, capped: true });
    const few = await find({ filter_str: JSON.stringify([{ field: 'currency', operator: 'eq', value: 'JPY' }]) });
    const jpy = await idsBy("select id from customer where org_id = $1 and currency = 'JPY'", [orgId]);
    expect(jpy.length).toBeLessThan(CUSTOMER_TOTAL_CAP);
    expect({ total: few.total, capped: few.total_capped }).toEqual({ total: jpy.length, capped: false });
  });

  it('a common word (more matches than the cap) and a rare one find what a plain scan finds, in order', async () => {
    for (const q of ['ap', 'ap1234@', 'harbour', 'zzqxj']) {
      const page = await find({ q, limit: 20 });
      const expected = await idsBy(
        'select id from customer where org_id = $1 and search_text like $2 order by lower(name), id limit 20',
        [orgId, `%${q}%`],
      );
      expect(page.rows.map((r) => r.id), q).toEqual(expected);
    }
  });

  it('a standing or name filter, alone or with others, finds what a plain scan finds, and counts the same', async () => {
    const cases: [CustomerListQueryInput, string][] = [
      [{ filter_str: JSON.stringify([{ field: 'standing', operator: 'eq', value: 'multiple_missed' }]) }, "standing = 'multiple_missed'"],
      [
        { filter_str: JSON.stringify([{ field: 'standing', operator: 'in', value: ['in_good_standing', 'single_missed'] }]) },
        "standing in ('in_good_standing', 'single_missed')",
      ],
      [
        { filter_str: JSON.stringify([{ field: 'standing', operator: 'eq', value: 'in_good_standing' }, { field: 'currency', operator: 'eq', value: 'JPY' }]) },
        "standing = 'in_good_standing' and currency = 'JPY'",
      ],
      [{ filter_str: JSON.stringify([{ field: 'name', operator: 'contains', value: 'bakery' }]) }, "lower(name) like '%bakery%'"],
      [{ filter_str: JSON.stringify([{ field: 'name', operator: 'contains', value: 'zzqxj' }]) }, "lower(name) like '%zzqxj%'"],
      // The search's probe finds these in addresses; the name decides.
      [{ filter_str: JSON.stringify([{ field: 'name', operator: 'contains', value: 'ap12' }]) }, "lower(name) like '%ap12%'"],
      [
        { q: 'harbour', filter_str: JSON.stringify([{ field: 'standing', operator: 'ne', value: 'in_good_standing' }]) },
        "search_text like '%harbour%' and standing <> 'in_good_standing'",
      ],
      [
        { filter_str: JSON.stringify([{ field: 'name', operator: 'contains', value: 'a' }, { field: 'standing', operator: 'eq', value: 'single_missed' }]) },
        "lower(name) like '%a%' and standing = 'single_missed'",
      ],
    ];
    for (const [input, predicate] of cases) {
      const page = await find({ ...input, limit: 20 });
      const matching = `from customer where org_id = $1 and ${predicate}`;
      const count = Number((await database.pool.query<{ n: string }>(`select count(*) as n ${matching}`, [orgId])).rows[0]?.n);
      const what = JSON.stringify(input);
      expect(page.rows.map((r) => r.id), what).toEqual(await idsBy(`select id ${matching} order by lower(name), id limit 20`, [orgId]));
      const expected = { total: Math.min(count, CUSTOMER_TOTAL_CAP), capped: count > CUSTOMER_TOTAL_CAP };
      expect({ total: page.total, capped: page.total_capped }, what).toEqual(expected);
    }
  });

  for (const [field, order, sqlOrder] of [
    ['due_date', 'asc', 'due_date asc nulls last, id asc'],
    ['last_chase_at', 'desc', 'last_chase_at desc nulls last, id desc'],
    ['amount_overdue', 'desc', `currency <> '${LEAD}', currency asc, amount_overdue desc, id desc`],
    ['amount_overdue', 'asc', `currency <> '${LEAD}', currency asc, amount_overdue asc, id asc`],
    ['name', 'asc', 'lower(name) asc, id asc'],
  ] as const) {
    it(`following next_cursor through every page sorted by ${field} ${order} reads each customer once, in order`, async () => {
      const seen: string[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 100; pages++) {
        const page = await find({ sort_field: field, sort_order: order, limit: 250, ...(after ? { after } : {}) });
        seen.push(...page.rows.map((r) => r.id));
        if (page.next_cursor === null) break;
        after = page.next_cursor;
      }
      expect(seen).toEqual(await idsBy(`select id from customer where org_id = $1 order by ${sqlOrder}`, [orgId]));
    });
  }

  it('refuses a cursor from another sort, or one whose values were tampered with, naming `after`', async () => {
    const first = await find({ sort_field: 'due_date', sort_order: 'asc', limit: 5 });
    const cursor = first.next_cursor ?? '';
    await expect(find({ sort_field: 'name', sort_order: 'asc', after: cursor })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'after' }] });
    const forged = encodeCustomerCursor({ sort_field: 'due_date', sort_order: 'asc', key: ['2026-02-30'], id: crypto.randomUUID() });
    await expect(find({ sort_field: 'due_date', sort_order: 'asc', after: forged })).rejects.toMatchObject({ details: [{ field: 'after' }] });
    const parsed = customerListQuerySchema.safeParse({ after: 'not-a-cursor' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual(['after']);
  });
});
