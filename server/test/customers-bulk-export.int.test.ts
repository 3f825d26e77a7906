import { type Customer, type CustomerBulkResult, type ErrorBody } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { type ApiClient, expectError, isoDay, insertContact, insertCustomer, insertInvoice, insertTag, type SignedUpUser, tagCustomer, withOrg } from './support';

const env = useIntegrationEnv();
let user: SignedUpUser;
let api: ApiClient;
let otherOrgCustomerId: string;

beforeAll(async () => {
  user = await env.signUp();
  api = user.api;
  const other = await env.signUp();
  otherOrgCustomerId = (await insertCustomer(env.db.db, other.orgId, { name: 'Not yours' })).id;
});

async function bulk(body: unknown, headers: Record<string, string> = {}) {
  return api<CustomerBulkResult>('POST', '/api/customers/bulk', body, headers);
}

async function customer(id: string): Promise<Customer> {
  return (await api<Customer>('GET', `/api/customers/${id}`)).body;
}

async function customers(n: number, prefix = 'Bulk'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await insertCustomer(env.db.db, user.orgId, { name: `${prefix} ${i} ${crypto.randomUUID().slice(0, 6)}` })).id);
  return ids;
}

async function auditCount(ids: string[], action: string): Promise<number> {
  const result = await withOrg(env.db.db, user.orgId, (tx) =>
    tx.execute(sql`select count(*)::integer as n from audit_log where action = ${action} and customer_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`),
  );
  return (result.rows[0] as { n: number }).n;
}

describe('POST /api/customers/bulk', () => {
  it('adds a tag by name once, even to customers that already have it, and audits each change', async () => {
    const ids = await customers(3);
    const vip = await insertTag(env.db.db, user.orgId, { name: `VIP ${crypto.randomUUID().slice(0, 6)}` });
    await tagCustomer(env.db.db, user.orgId, ids[0] as string, vip.id);
    const res = await bulk({ customer_ids: ids, action: { type: 'add_tag', tag: { name: vip.name.toUpperCase() } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 2, customer_ids: ids.slice(1) });
    for (const id of ids) expect((await customer(id)).tags.map((t) => t.id)).toEqual([vip.id]);
    expect(await auditCount(ids, 'customer.tags')).toBe(2);
  });

  it('adds a new tag by name (created with its colour) and by id; an unknown tag id is a 404', async () => {
    const ids = await customers(2);
    const name = `New ${crypto.randomUUID().slice(0, 6)}`;
    expect((await bulk({ customer_ids: ids, action: { type: 'add_tag', tag: { name, colour: '#123456' } } })).body.updated).toBe(2);
    expect((await customer(ids[0] as string)).tags).toMatchObject([{ name, colour: '#123456' }]);
    const other = await insertTag(env.db.db, user.orgId);
    expect((await bulk({ customer_ids: ids, action: { type: 'add_tag', tag: { id: other.id } } })).body.updated).toBe(2);
    expectError(await bulk({ customer_ids: ids, action: { type: 'add_tag', tag: { id: crypto.randomUUID() } } }), 404, 'NOT_FOUND', 'action.tag.id');
  });

  it('removes a tag from those that have it', async () => {
    const ids = await customers(3);
    const t = await insertTag(env.db.db, user.orgId);
    const keep = await insertTag(env.db.db, user.orgId);
    for (const id of ids.slice(0, 2)) await tagCustomer(env.db.db, user.orgId, id, t.id);
    await tagCustomer(env.db.db, user.orgId, ids[0] as string, keep.id);
    const res = await bulk({ customer_ids: ids, action: { type: 'remove_tag', tag_id: t.id } });
    expect(res.body).toEqual({ updated: 2, customer_ids: ids.slice(0, 2) });
    expect((await customer(ids[0] as string)).tags.map((x) => x.id)).toEqual([keep.id]);
    expect((await customer(ids[1] as string)).tags).toEqual([]);
    expectError(await bulk({ customer_ids: ids, action: { type: 'remove_tag', tag_id: crypto.randomUUID() } }), 404, 'NOT_FOUND', 'action.tag_id');
  });

  it('pauses and resumes exactly as the single-customer endpoints do', async () => {
    const [single, viaBulk, idle] = await customers(3, 'Pause');
    for (const id of [single, viaBulk] as string[]) {
      await insertInvoice(env.db.db, user.orgId, id, { amountDue: 5_000, dueDate: isoDay(-10) });
      await insertInvoice(env.db.db, user.orgId, id, { amountDue: 2_500, dueDate: isoDay(-3) });
      await insertInvoice(env.db.db, user.orgId, id, { amountDue: 900, dueDate: isoDay(5) });
    }
    await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`select refresh_customer_figures(${user.orgId}::uuid, null, current_date)`));
    const state = (c: Customer) => {
      const { standing, paused_until, amount_overdue, n_invoices, due_date } = c;
      return { standing, paused_until, amount_overdue, n_invoices, due_date };
    };

    const until = isoDay(20);
    await api('POST', `/api/customers/${single}/pause`, { until });
    const paused = await bulk({ customer_ids: [viaBulk, idle], action: { type: 'pause', until } });
    expect(paused.body.updated).toBe(2);
    expect(state(await customer(viaBulk as string))).toEqual(state(await customer(single as string)));
    expect(state(await customer(viaBulk as string))).toMatchObject({ standing: 'paused', paused_until: until, amount_overdue: 7_500, n_invoices: 2 });

    await api('POST', `/api/customers/${single}/resume`);
    const resumed = await bulk({ customer_ids: [viaBulk, idle], action: { type: 'resume' } });
    expect(resumed.body.updated).toBe(2);
    expect(state(await customer(viaBulk as string))).toEqual(state(await customer(single as string)));
    expect(state(await customer(viaBulk as string))).toMatchObject({ standing: 'multiple_missed', paused_until: null, due_date: isoDay(-10) });
    expect((await customer(idle as string)).standing).toBe('in_good_standing');
    expect(await auditCount([viaBulk as string, idle as string], 'customer.resume')).toBe(2);
    // Resuming customers that are not paused changes nothing.
    expect((await bulk({ customer_ids: [viaBulk, idle], action: { type: 'resume' } })).body).toEqual({ updated: 0, customer_ids: [] });
  });

  it('refuses a pause that does not end in the future', async () => {
    const ids = await customers(1);
    expectError(await bulk({ customer_ids: ids, action: { type: 'pause', until: isoDay(0) } }), 400, 'VALIDATION_FAILED', 'action.until');
  });

  it('sets and clears the workflow', async () => {
    const ids = await customers(2);
    const workflowId = (await api<{ id: string }>('POST', '/api/workflows/', { name: 'Bulk assigned' })).body.id;
    expect((await bulk({ customer_ids: ids, action: { type: 'assign_workflow', workflow_id: workflowId } })).body.updated).toBe(2);
    expect((await customer(ids[1] as string)).workflow_id).toBe(workflowId);
    expect((await bulk({ customer_ids: ids, action: { type: 'assign_workflow', workflow_id: null } })).body.updated).toBe(2);
    expect((await customer(ids[0] as string)).workflow_id).toBeNull();
    expect(await auditCount(ids, 'customer.update')).toBe(4);
  });

  it('answers 404 naming another organisation’s or an unknown id, and applies nothing', async () => {
    const ids = await customers(2);
    const unknown = crypto.randomUUID();
    const t = await insertTag(env.db.db, user.orgId);
    const res = await bulk({ customer_ids: [ids[0], otherOrgCustomerId, ids[1], unknown], action: { type: 'add_tag', tag: { id: t.id } } });
    expectError(res, 404, 'NOT_FOUND', 'customer_ids[1]');
    const details = (res.body as unknown as ErrorBody).error.details ?? [];
    expect(details.map((d) => d.field)).toEqual(['customer_ids[1]', 'customer_ids[3]']);
    expect(details.map((d) => d.reason).join(' ')).toContain(otherOrgCustomerId);
    expect(details.map((d) => d.reason).join(' ')).toContain(unknown);
    for (const id of ids) expect((await customer(id)).tags).toEqual([]);
  });

  it.each([
    ['more than 1,000 ids', { customer_ids: Array.from({ length: 1_001 }, () => crypto.randomUUID()), action: { type: 'resume' } }, 'customer_ids'],
    ['no ids', { customer_ids: [], action: { type: 'resume' } }, 'customer_ids'],
    ['a malformed id', { customer_ids: ['nope'], action: { type: 'resume' } }, 'customer_ids[0]'],
    ['an unknown action', { customer_ids: [crypto.randomUUID()], action: { type: 'delete' } }, 'action.type'],
  ])('answers 400 for %s', async (_, body, field) => {
    expectError(await bulk(body), 400, 'VALIDATION_FAILED', field);
  });

  it('answers 400 for a repeated id', async () => {
    const [id] = await customers(1);
    expectError(await bulk({ customer_ids: [id, id], action: { type: 'resume' } }), 400, 'VALIDATION_FAILED', 'customer_ids');
  });

  it('replays a retry with the same Idempotency-Key without applying it twice', async () => {
    const ids = await customers(2);
    const body = { customer_ids: ids, action: { type: 'add_tag', tag: { name: `Once ${crypto.randomUUID().slice(0, 6)}` } } };
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await bulk(body, key);
    const again = await bulk(body, key);
    expect(first.body).toEqual({ updated: 2, customer_ids: ids });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await auditCount(ids, 'customer.tags')).toBe(2);
    expectError(await bulk({ ...body, customer_ids: ids.slice(0, 1) }, key), 422, 'IDEMPOTENCY_KEY_REUSED');
  });
});

/** A small RFC 4180 reader for the tests: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The export as `as` sees it: the answer, and its rows once the BOM is off. */
async function exportCsv(as: ApiClient, query = '') {
  const res = await as('GET', `/api/customers/export.csv${query}`);
  return { res, bytes: res.bytes, text: res.text, rows: res.status === 200 ? parseCsv(res.text.replace(/^\uFEFF/, '')) : [] };
}

describe('GET /api/customers/export.csv', () => {
  let exporter: SignedUpUser;

  beforeAll(async () => {
    exporter = await env.signUp();
    const db = env.db.db;
    const org = exporter.orgId;
    const acme = await insertCustomer(db, org, { name: 'Acme, Ltd', externalRef: 'crm:1' });
    await insertContact(db, org, acme.id, { email: 'ap@acme.example', role: 'primary' });
    await insertInvoice(db, org, acme.id, { amountDue: 123_450, dueDate: '2025-01-10' });
    const key = await insertTag(db, org, { name: 'Key' });
    const disputed = await insertTag(db, org, { name: 'disputed' });
    await tagCustomer(db, org, acme.id, key.id);
    await tagCustomer(db, org, acme.id, disputed.id);
    const quoted = await insertCustomer(db, org, { name: 'The "Best" Café £', lastChaseAt: new Date('2026-02-03T04:05:06Z') });
    await insertInvoice(db, org, quoted.id, { amountDue: 5, dueDate: '2025-02-01' });
    await insertInvoice(db, org, quoted.id, { amountDue: 100, dueDate: '2025-03-01' });
    await insertCustomer(db, org, { name: 'Line one\nLine two' });
    await insertCustomer(db, org, { name: '=HYPERLINK("http://evil.example")' });
    await withOrg(db, org, (tx) => tx.execute(sql`select refresh_customer_figures(${org}::uuid, null, current_date)`));
  });

  it('streams a UTF-8 CSV with a BOM, the header first and the rows in the list’s order', async () => {
    const { res, bytes, rows } = await exportCsv(exporter.api, '?sort_field=name&sort_order=asc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The screen's words: the list's column names, and standings as the chips say them.
    expect(rows[0]).toEqual(['Name', 'Standing', 'Amount overdue', 'Currency', '# invoices', 'Days late', 'Oldest due date', 'Last contact', 'Tags', 'Primary contact email', 'External reference', 'ID']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["'=HYPERLINK(\"http://evil.example\")", 'Acme, Ltd', 'Line one\nLine two', 'The "Best" Café £']);
    const acme = rows[2] as string[];
    expect(acme.slice(0, 5)).toEqual(['Acme, Ltd', 'One missed invoice', '1234.50', 'GBP', '1']);
    expect(Number(acme[5])).toBeGreaterThan(300);
    expect(acme.slice(6)).toEqual(['2025-01-10', '', 'disputed; Key', 'ap@acme.example', 'crm:1', expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    const best = rows[4] as string[];
    expect(best.slice(1, 8)).toEqual(['Several missed', '1.05', 'GBP', '2', expect.any(String), '2025-02-01', '2026-02-03T04:05:06.000Z']);
    expect((rows[1] as string[])[1]).toBe('Good standing');
  });

  it('exports only the named customers (a selection), in the list’s order; another organisation’s ids match nothing', async () => {
    const { rows: all } = await exportCsv(exporter.api, '?sort_field=name&sort_order=asc');
    const idOf = (name: string) => (all.find((r) => r[0] === name) as string[])[11] as string;
    const picked = [idOf('The "Best" Café £'), idOf('Acme, Ltd')];
    const ids = (list: string[]) => `customer_ids=${encodeURIComponent(list.join(','))}`;

    let { res, rows } = await exportCsv(exporter.api, `?${ids(picked)}&sort_field=name&sort_order=desc`);
    expect(res.status).toBe(200);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['The "Best" Café £', 'Acme, Ltd']);

    // Someone else's customer, named by its real id, never reaches the file; neither does an unknown id.
    ({ res, rows } = await exportCsv(exporter.api, `?${ids([otherOrgCustomerId, picked[1] as string, crypto.randomUUID()])}`));
    expect(res.status).toBe(200);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Acme, Ltd']);
    ({ rows } = await exportCsv(exporter.api, `?${ids([otherOrgCustomerId])}`));
    expect(rows).toHaveLength(1);

    // The list's search and filters still apply on top of the ids.
    ({ rows } = await exportCsv(exporter.api, `?${ids(picked)}&q=acme`));
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Acme, Ltd']);
  });

  it('answers 400 naming customer_ids for a malformed, repeated or too long list', async () => {
    const id = crypto.randomUUID();
    const tooMany = Array.from({ length: 201 }, () => crypto.randomUUID()).join(',');
    for (const list of ['not-a-uuid', `${id},${id}`, `${id},`, '', tooMany]) {
      const { res, text } = await exportCsv(exporter.api, `?customer_ids=${encodeURIComponent(list)}`);
      expect(res.status, list.slice(0, 80)).toBe(400);
      const body = JSON.parse(text) as ErrorBody;
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details?.[0]?.field, list.slice(0, 80)).toMatch(/^customer_ids/);
    }
  });

  it('applies the list’s filters, search and sort', async () => {
    const filter = encodeURIComponent(JSON.stringify([{ field: 'amount_overdue', operator: 'gt', value: 0 }]));
    let { rows } = await exportCsv(exporter.api, `?filter_str=${filter}&sort_field=amount_overdue&sort_order=asc`);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['The "Best" Café £', 'Acme, Ltd']);
    ({ rows } = await exportCsv(exporter.api, '?q=ACME.EXAMPLE'));
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Acme, Ltd']);
  });

  it('answers 400 as JSON for bad query parameters and 401 without a token', async () => {
    const bad = [`?filter_str=${encodeURIComponent('[{"field":"nope","operator":"eq","value":1}]')}`, '?sort_field=colour', '?sort_order=up', '?filter_str=not-json'];
    for (const query of bad) {
      const { res, text } = await exportCsv(exporter.api, query);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((JSON.parse(text) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await env.anonymous()('GET', '/api/customers/export.csv')).status).toBe(401);
  });

  it('exports 5,000 customers completely, in batches, whatever the sort', async () => {
    const big = await env.signUp();
    // One set-based statement; a third have no last contact, the rest timestamps a microsecond apart.
    await withOrg(env.db.db, big.orgId, (tx) =>
      tx.execute(sql`
        insert into customer (org_id, name, amount_overdue, last_chase_at)
        select ${big.orgId}::uuid, 'Customer ' || g, (g % 7) * 100,
               case when g % 3 = 0 then null else timestamptz '2026-01-01' + g * interval '1 microsecond' end
        from generate_series(1, 5000) g`),
    );
    for (const query of ['', '?sort_field=last_chase_at&sort_order=desc', '?sort_field=amount_overdue&sort_order=asc', '?sort_field=name&sort_order=desc']) {
      const { res, rows } = await exportCsv(big.api, query);
      expect(res.status).toBe(200);
      expect(rows, query).toHaveLength(5_001);
      expect(new Set(rows.slice(1).map((r) => r[11])).size, query).toBe(5_000);
    }
    const { rows } = await exportCsv(big.api, '?sort_field=last_chase_at&sort_order=desc');
    const chased = rows.slice(1).map((r) => r[7] ?? '');
    expect(chased.slice(0, 3334).every(Boolean)).toBe(true);
    expect(chased.slice(3334).every((v) => v === '')).toBe(true);
  });

  it('a year-0 date or a NUL in the filter is a 400 before any CSV byte', async () => {
    const hostile = [
      `?filter_str=${encodeURIComponent('[{"field":"due_date","operator":"lt","value":"0000-01-01"}]')}`,
      `?filter_str=${encodeURIComponent('[{"field":"name","operator":"contains","value":"a\u0000b"}]')}`,
      '?q=a%00b',
    ];
    for (const query of hostile) {
      const { res, text } = await exportCsv(exporter.api, query);
      expect(res.status, query).toBe(400);
      expect(text.startsWith('\uFEFF'), query).toBe(false);
      expect((JSON.parse(text) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('a failure after the CSV has begun aborts the download, so no short file looks whole', async () => {
    // Hold the customer table so the export's first batch waits: the BOM and header row are out
    // (200 sent), then the waiting query is killed, as a database failure mid-download would.
    const locker = await env.db.pool.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table customer in access exclusive mode');
      const res = await exporter.api.stream('GET', '/api/customers/export.csv');
      expect(res.status).toBe(200);
      const reader = res.body?.getReader();
      const first = (await reader?.read()) as { value?: Uint8Array } | undefined;
      expect(new TextDecoder().decode(first?.value)).toContain('Name,');
      await expect
        .poll(async () => {
          const waiting = await env.db.pool.query<{ n: number }>(
            `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          return waiting.rows[0]?.n ?? 0;
        }, { timeout: 10_000, interval: 100 })
        .toBeGreaterThan(0);
      const rest = (async () => {
        for (;;) if ((await reader?.read())?.done !== false) return 'ended cleanly';
      })();
      await expect(rest).rejects.toThrow();
    } finally {
      await locker.query('rollback').catch(() => undefined);
      locker.release();
    }
  });
});
