import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { type CustomerImport, customerImportSchema, type ImportStartInput } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import { REPO_ROOT } from '../src/config';
import type { Db } from '../src/db/client';
import { customerImportJob } from '../src/jobs/customer-import.job';
import { runCustomerImport } from '../src/modules/imports/run-customer-import';

import { type ApiAnswer, type ApiClient, type ApiHeaders, type RecordingJobQueue, withOrg } from './support';

/** The sample exports committed with the repository (fixtures/csv/README.md). */
export const FIXTURES = {
  xero: 'fixtures/csv/xero-style-invoices.csv',
  quickbooks: 'fixtures/csv/quickbooks-style-open-invoices.csv',
  stripe: 'fixtures/csv/stripe-style-invoices.csv',
} as const;

export const readFixture = (path: string): Buffer => readFileSync(resolve(REPO_ROOT, path));

/** POST a file to /api/imports/ as the raw body, as `api`'s user. */
export function uploadFile(
  api: ApiClient,
  body: string | Uint8Array,
  options: { filename?: string; contentType?: string | null } = {},
): Promise<ApiAnswer> {
  const headers: ApiHeaders = options.contentType === null ? {} : { 'content-type': options.contentType ?? 'text/csv' };
  const query = options.filename === undefined ? '' : `?filename=${encodeURIComponent(options.filename)}`;
  return api('POST', `/api/imports/${query}`, body, headers);
}

/** Upload, expecting success. */
export async function uploaded(api: ApiClient, body: string | Uint8Array, filename = 'invoices.csv'): Promise<CustomerImport> {
  const res = await uploadFile(api, body, { filename });
  expect(res.status, res.text).toBe(201);
  return customerImportSchema.parse(res.body);
}

/** The start body the mapping screen would send by default: the suggestions, GBP. */
export const suggestedStart = (i: CustomerImport): ImportStartInput => ({
  mapping: i.suggested_mapping,
  default_currency: 'GBP',
  date_order: i.suggested_date_order,
});

/**
 * Upload, start with the suggested mapping, then run the job the start sent through the real
 * handler (the recording queue runs nothing itself); answers the finished import.
 */
export async function importThroughHandler(ctx: {
  orgId: string;
  api: ApiClient;
  db: Db;
  jobs: RecordingJobQueue;
  body: string | Uint8Array;
  start?: (i: CustomerImport) => ImportStartInput;
}): Promise<CustomerImport> {
  const created = await uploaded(ctx.api, ctx.body);
  const started = await ctx.api<CustomerImport>('POST', `/api/imports/${created.id}/start`, (ctx.start ?? suggestedStart)(created));
  expect(started.status, started.text).toBe(202);
  const job = ctx.jobs.sent.findLast((j) => j.name === customerImportJob.name);
  expect(job?.data).toEqual({ orgId: ctx.orgId });
  expect(job?.options).toMatchObject({ singletonKey: ctx.orgId });
  await runCustomerImport({ db: ctx.db, log: { error: (m, e) => console.error(m, e) } }, { orgId: ctx.orgId, importId: created.id });
  const done = await ctx.api<CustomerImport>('GET', `/api/imports/${created.id}`);
  return customerImportSchema.parse(done.body);
}

/** Per customer name: the open amount (amount_remaining of open invoices), in minor units. */
export async function openAmounts(db: Db, orgId: string): Promise<Record<string, number>> {
  const result = await withOrg(db, orgId, (tx) =>
    tx.execute<{ name: string; open: number }>(sql`
      select c.name, coalesce(sum(i.amount_remaining) filter (where i.status = 'open'), 0)::bigint as open
      from customer c left join invoice i on i.customer_id = c.id
      group by c.id, c.name`),
  );
  return Object.fromEntries(result.rows.map((r) => [r.name, r.open]));
}

/** What the Xero file says each customer owes (its AmountDue column), summed in pence. */
export function xeroAmountsDue(): Record<string, number> {
  const [header, ...lines] = readFixture(FIXTURES.xero).toString('utf8').trim().split(/\r?\n/u);
  const columns = (header ?? '').split(',');
  const name = columns.indexOf('*ContactName');
  const due = columns.indexOf('AmountDue');
  const owed: Record<string, number> = {};
  for (const line of lines) {
    const cells = line.split(',');
    const [pounds = '0', pence = '0'] = (cells[due] ?? '0').split('.');
    const key = cells[name] ?? '';
    owed[key] = (owed[key] ?? 0) + Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
  }
  return owed;
}

/** Every customer, invoice and contact row's updated_at, to show a re-import wrote nothing. */
export async function updatedAts(db: Db, orgId: string): Promise<Record<string, string>> {
  const result = await withOrg(db, orgId, (tx) =>
    tx.execute<{ key: string; at: string }>(sql`
      select 'customer:' || id as key, updated_at::text as at from customer
      union all select 'invoice:' || id, updated_at::text from invoice
      union all select 'contact:' || id, updated_at::text from contact`),
  );
  return Object.fromEntries(result.rows.map((r) => [r.key, r.at]));
}
