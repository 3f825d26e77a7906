import { type CustomerImport, customerImportSchema, type ErrorBody, IMPORT_PREVIEW_ROWS, type ImportListResponse } from '@receivables/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { FIXTURES, readFixture, uploaded, uploadFile } from './import-helpers';
import { useIntegrationEnv } from './integration-env';
import { type ApiClient, apiClient, expectError, type RecordingJobQueue, type SignedUpUser, startTestServer } from './support';

const env = useIntegrationEnv();
let user: SignedUpUser;
let api: ApiClient;

beforeAll(async () => {
  user = await env.signUp();
  api = user.api;
});

const upload = (body: string | Uint8Array, options?: Parameters<typeof uploadFile>[2]) => uploadFile(api, body, options);
const importCount = async () => (await api<ImportListResponse>('GET', '/api/imports/?limit=1')).body.total;

describe('POST /api/imports/ (upload)', () => {
  it('stores the Xero export and answers its header, first rows and a suggested mapping', async () => {
    const res = await upload(readFixture(FIXTURES.xero), { filename: 'Xero invoices.csv' });
    expect(res.status, res.text).toBe(201);
    const created = customerImportSchema.parse(res.body);
    expect(created).toMatchObject({
      filename: 'Xero invoices.csv',
      status: 'uploaded',
      headers: ['*ContactName', 'EmailAddress', '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Total', 'AmountPaid', 'AmountDue', 'Currency', 'Status'],
      total_rows: 53,
      processed_rows: 0,
      suggested_mapping: {
        customer_name: 0, contact_email: 1, invoice_number: 2, issued_on: 4, due_date: 5,
        amount_total: 6, amount_paid: 7, amount_remaining: 8, currency: 9, status: 10,
      },
      suggested_date_order: 'dmy',
      mapping: null,
      default_currency: null,
      date_order: null,
      started_at: null,
    });
    expect(created.preview).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(created.preview[0]).toEqual(['Harbour Lane Bakery', 'accounts@harbourlanebak.co.uk', 'INV-1000', '', '08/10/2026', '07/11/2026', '3799.24', '3799.24', '0.00', 'GBP', 'PAID']);

    expect((await api<CustomerImport>('GET', `/api/imports/${created.id}/`)).body).toEqual(created);
    const list = await api<ImportListResponse>('GET', '/api/imports/');
    expect(list.body.rows[0]).toEqual(created);
  });

  it('suggests month-first dates only when the file’s dates cannot be day-first', async () => {
    const created = await uploaded(api, 'Customer,Invoice,Due date,Total\r\nA,1,12/31/2026,10\r\n');
    expect(created.suggested_date_order).toBe('mdy');
  });

  it('lists imports newest first with paging', async () => {
    const first = await uploaded(api, 'Name,Num,Due date,Amount\r\nA,1,31/12/2026,1\r\n', 'first.csv');
    const second = await uploaded(api, 'Name,Num,Due date,Amount\r\nA,1,31/12/2026,1\r\n', 'second.csv');
    const page = await api<ImportListResponse>('GET', '/api/imports/?limit=2');
    expect(page.body.rows.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    expect((await api<ImportListResponse>('GET', '/api/imports/?limit=1&offset=1')).body.rows[0]?.id).toBe(first.id);
    expectError(await api('GET', '/api/imports/?limit=0'), 400, 'VALIDATION_FAILED', 'limit');
  });

  it('reads a Windows-1252 file (Excel’s “CSV” in the UK) with £ and accents', async () => {
    const created = await uploaded(api, Buffer.from('Name,Num,Due date,Amount\r\nCafé Crème,INV-1,31/12/2026,"£1,234.56"\r\n', 'latin1'));
    expect(created.preview).toEqual([['Café Crème', 'INV-1', '31/12/2026', '£1,234.56']]);
  });

  it('reads a semicolon-separated file and drops a UTF-8 byte-order mark', async () => {
    const created = await uploaded(api, '\uFEFFName;Invoice number;Due date;Amount\r\n"Smith; Jones";INV-7;31/12/2026;12.50\r\n');
    expect(created.headers).toEqual(['Name', 'Invoice number', 'Due date', 'Amount']);
    expect(created.preview).toEqual([['Smith; Jones', 'INV-7', '31/12/2026', '12.50']]);
  });

  it('accepts empty and repeated header names, rows of other widths, and the content types spreadsheets send', async () => {
    for (const contentType of ['text/csv; charset=utf-8', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream']) {
      const res = await upload('Name,,Name\r\nA,B,C\r\nShort\r\nLong,x,y,z\r\nTrailing,x,y,,\r\n', { contentType });
      expect(res.status, `${contentType}: ${JSON.stringify(res.body)}`).toBe(201);
      expect((res.body as CustomerImport).headers).toEqual(['Name', '', 'Name']);
      expect((res.body as CustomerImport).preview).toEqual([['A', 'B', 'C'], ['Short'], ['Long', 'x', 'y', 'z'], ['Trailing', 'x', 'y']]);
    }
  });

  it.each([
    ['an empty file', ''],
    ['a file of blank lines', '\r\n\r\n,,\r\n'],
    ['a header without rows', 'Name,Num,Due date,Amount\r\n'],
    ['an unclosed quote', 'Name,Num,Due date,Amount\r\nA,1,31/12/2026,1\r\n"B,2,31/12/2026,2\r\nC,3,31/12/2026,3\r\n'],
    ['more than 500 columns', `${Array.from({ length: 501 }, (_, i) => `c${i}`).join(',')}\r\n${'x,'.repeat(500)}x\r\n`],
  ])('refuses %s with a 422 on the file, keeping nothing', async (_what, body) => {
    const before = await importCount();
    const res = await upload(body);
    expectError(res, 422, 'DOMAIN_RULE', 'file');
    expect(await importCount()).toBe(before);
  });

  it('names the row of an unclosed quote', async () => {
    const res = await upload('Name,Num,Due date,Amount\r\nA,1,31/12/2026,1\r\n"B,2,31/12/2026,2\r\nC,3,31/12/2026,3\r\n');
    expect((res.body as ErrorBody).error.message).toMatch(/row 3 opens a quote that is never closed/);
  });

  it('stores a file with NUL characters (some exporters pad with them) without them, never as a 500', async () => {
    const res = await upload('Name,Num,Due date,Amount\r\nA,1,31/12/2026,1\r\nB\u0000,2,31/12/2026,2\r\n');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body as CustomerImport).preview[1]).toEqual(['B', '2', '31/12/2026', '2']);
  });

  it.each(['application/json', 'application/pdf', 'multipart/form-data; boundary=x'])('refuses content type %s with a 400 on content-type', async (contentType) => {
    expectError(await upload('{"a":1}', { contentType }), 400, 'VALIDATION_FAILED', 'content-type');
  });

  it('refuses a body without a content type as an empty file or as the wrong type', async () => {
    const none = await api('POST', '/api/imports/');
    expect(none.status).toBe(422);
    const res = await api<ErrorBody>('POST', '/api/imports/', new Uint8Array([1, 2]));
    expect([400, 415]).toContain(res.status);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('needs a bearer token', async () => {
    const res = await env.anonymous()('POST', '/api/imports/', 'a\r\nb\r\n', { 'content-type': 'text/csv' });
    expect(res.status).toBe(401);
  });
});

describe('the upload size limit (IMPORT_MAX_BYTES)', () => {
  it('refuses a file over the limit with a JSON 413, whether its size is declared or streamed, and keeps nothing', async () => {
    const small = await startTestServer(env.db.db, { IMPORT_MAX_BYTES: '1000' });
    const smallApi = apiClient(small, { token: user.token });
    try {
      const before = await importCount();
      const line = 'Acme Ltd,INV-1,31/12/2026,12.50\r\n';
      const body = `Name,Num,Due date,Amount\r\n${line.repeat(40)}`;
      expectError(await uploadFile(smallApi, body), 413, 'PAYLOAD_TOO_LARGE', 'file');

      // No Content-Length: the limit applies as the bytes arrive.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode(i === 0 ? `Name,Num,Due date,Amount\r\n${line}` : line));
          controller.close();
        },
      });
      const res = await smallApi<ErrorBody>('POST', '/api/imports/', stream, { 'content-type': 'text/csv' });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');

      expect((await uploadFile(smallApi, `Name,Num,Due date,Amount\r\n${line}`)).status).toBe(201);
      expect(await importCount()).toBe(before + 1);
    } finally {
      await small.close();
    }
  });
});

describe('POST /api/imports/{id}/start', () => {
  const xero = () => uploaded(api, readFixture(FIXTURES.xero));
  const jobs = () => env.server.jobs as RecordingJobQueue;

  it('records the mapping, queues the import and sends its job once the start has committed', async () => {
    const created = await xero();
    const body = { mapping: created.suggested_mapping, default_currency: 'gbp', date_order: 'dmy' };
    const res = await api<CustomerImport>('POST', `/api/imports/${created.id}/start`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ id: created.id, status: 'queued', mapping: created.suggested_mapping, default_currency: 'GBP', date_order: 'dmy' });
    expect(jobs().sent.at(-1)).toEqual({
      name: 'customers.import',
      data: { orgId: user.orgId },
      options: { singletonKey: user.orgId },
    });
  });

  it('answers 400 naming the mapping field for a missing required field, a missing amount or a column the file lacks', async () => {
    const created = await xero();
    const { customer_name: _name, ...withoutName } = created.suggested_mapping;
    const start = (mapping: Record<string, number>) =>
      api('POST', `/api/imports/${created.id}/start`, { mapping, default_currency: 'GBP', date_order: 'dmy' });
    expectError(await start(withoutName), 400, 'VALIDATION_FAILED', 'mapping.customer_name');
    expectError(await start({ customer_name: 0, invoice_number: 2, due_date: 5 }), 400, 'VALIDATION_FAILED', 'mapping.amount_total');
    expectError(await start({ ...created.suggested_mapping, payment_url: 11 }), 400, 'VALIDATION_FAILED', 'mapping.payment_url');
    expectError(await api('POST', `/api/imports/${created.id}/start`, { mapping: created.suggested_mapping, default_currency: 'pounds', date_order: 'dmy' }), 400, 'VALIDATION_FAILED', 'default_currency');
    expectError(await api('POST', `/api/imports/${created.id}/start`, { mapping: created.suggested_mapping, default_currency: 'GBP', date_order: 'ymd' }), 400, 'VALIDATION_FAILED', 'date_order');
    // Refused starts leave it waiting for a good one.
    expect((await api<CustomerImport>('GET', `/api/imports/${created.id}`)).body.status).toBe('uploaded');
  });

  it('answers 409 when the import was already started, and replays a retry with the same Idempotency-Key', async () => {
    const created = await xero();
    const body = { mapping: created.suggested_mapping, default_currency: 'GBP', date_order: 'dmy' };
    const key = { 'idempotency-key': `start-${created.id}` };
    const first = await api<CustomerImport>('POST', `/api/imports/${created.id}/start`, body, key);
    expect(first.status).toBe(202);
    const sent = jobs().sent.length;
    const retry = await api<CustomerImport>('POST', `/api/imports/${created.id}/start`, body, key);
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    // The replay sends the job again; the queue keeps one waiting per organisation (singleton key).
    expect(jobs().sent.slice(sent).map((j) => j.options?.singletonKey)).toEqual([user.orgId]);
    const again = await api<ErrorBody>('POST', `/api/imports/${created.id}/start`, body);
    expectError(again, 409, 'CONFLICT');
    expect(again.body.error.message).toMatch(/already been started/);
  });
});

describe('{id} routes', () => {
  let othersImportId: string;
  beforeAll(async () => {
    const other = await env.signUp();
    othersImportId = (await uploaded(other.api, readFixture(FIXTURES.quickbooks))).id;
  });

  const routes = (id: string): [string, string, unknown][] => [
    ['GET', `/api/imports/${id}/`, undefined],
    ['POST', `/api/imports/${id}/start`, { mapping: { customer_name: 3, invoice_number: 2, due_date: 4, amount_total: 5 }, default_currency: 'GBP', date_order: 'dmy' }],
    ['GET', `/api/imports/${id}/rejected/`, undefined],
    ['GET', `/api/imports/${id}/rejected.csv`, undefined],
  ];

  it('answers 404 NOT_FOUND for another organisation’s import and an unknown id', async () => {
    for (const id of [othersImportId, crypto.randomUUID()]) {
      for (const [method, path, body] of routes(id)) {
        const res = await api<ErrorBody>(method, path, body);
        expectError(res, 404, 'NOT_FOUND');
        expect(res.body.error.message).toBe('Import not found');
      }
    }
  });

  it('answers 400 naming the id for a malformed one', async () => {
    for (const [method, path, body] of routes('not-a-uuid')) expectError(await api(method, path, body), 400, 'VALIDATION_FAILED', 'id');
  });

  it('documents every import route in /api/docs', async () => {
    const spec = (await api<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs/json')).body;
    expect(Object.keys(spec.paths).filter((p) => p.startsWith('/api/imports')).sort()).toEqual([
      '/api/imports/',
      '/api/imports/{id}/',
      '/api/imports/{id}/check',
      '/api/imports/{id}/rejected.csv',
      '/api/imports/{id}/rejected/',
      '/api/imports/{id}/start',
    ]);
    expect(Object.keys(spec.paths['/api/imports/'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(spec.paths['/api/imports/{id}/'] ?? {}).sort()).toEqual(['delete', 'get']);
  });
});
