// CSV import of 100,000 invoice rows (10,000 customers, ~10 MB) through the real use cases —
// streamed upload, then the batch job — on a real PostgreSQL, against a baseline measured in the
// same run: the same import of 10,000 rows. Prints time per 1,000 rows and peak memory growth for
// both, and the ratios 100k / 10k: a per-row time ratio near 1 means the import scales linearly;
// a memory ratio near 1 means the file is streamed, never held whole. Fails when memory grows with
// the file (ratio above 3) or an import does not complete with every row accounted for. The
// 100,000-row file is then imported again to time a re-import where nothing changes.
//
//   npm run bench -- import                 (embedded PostgreSQL, or DATABASE_URL when set)
//   BENCH_IMPORT_ROWS=200000 npm run bench -- import
import { performance } from 'node:perf_hooks';

import { createTestDatabase, insertOrganization, startAdminDatabase } from '@receivables/server/testing';

import { getCustomerImport } from '../server/src/modules/imports/get-customer-import';
import { runCustomerImport } from '../server/src/modules/imports/run-customer-import';
import { startCustomerImport } from '../server/src/modules/imports/start-customer-import';
import { uploadCustomerImport } from '../server/src/modules/imports/upload-customer-import';

const N = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BASELINE = Math.max(1000, Math.round(N / 10));
const HEADER = '*ContactName,EmailAddress,*InvoiceNumber,*InvoiceDate,*DueDate,Total,AmountPaid,AmountDue,Currency,Status';

/** Row i of a Xero-style export: ten invoices per customer, a third of them paid. */
function line(i: number): string {
  const customer = Math.floor(i / 10);
  const total = 10_000 + ((i * 7919) % 900_000);
  const paid = i % 3 === 0 ? total : 0;
  const month = 1 + (i % 9);
  const money = (minor: number) => (minor / 100).toFixed(2);
  return [
    `Customer ${customer} Ltd`,
    `ap${customer}@example.co.uk`,
    `INV-${1_000_000 + i}`,
    `01/0${month}/2026`,
    `28/0${month}/2026`,
    money(total),
    money(paid),
    money(total - paid),
    'GBP',
    paid ? 'PAID' : 'AUTHORISED',
  ].join(',');
}

/** The file as the upload sees it: 64 KiB chunks, generated as they are read. */
function* csvFile(rows: number): Generator<Uint8Array> {
  let text = `${HEADER}\r\n`;
  for (let i = 0; i < rows; i++) {
    text += `${line(i)}\r\n`;
    if (text.length > 65_536) {
      yield Buffer.from(text);
      text = '';
    }
  }
  yield Buffer.from(text);
}

// Live memory: the JavaScript heap right after a full collection (scripts/bench.mjs passes
// --expose-gc), sampled every 250 ms, so garbage not yet collected does not count as held.
const liveHeap = () => {
  global.gc?.();
  return process.memoryUsage().heapUsed;
};
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, liveHeap());
}, 250);

interface Measured {
  uploadMs: number;
  importMs: number;
  peakMb: number;
}

const admin = await startAdminDatabase();
const database = await createTestDatabase(admin.adminUrl);
const log = { error: (message: string, error?: unknown) => console.error(message, error) };

/** Upload and import `rows` rows into `orgId`, checking every row is accounted for. */
async function importRows(orgId: string, rows: number, expectCreated: boolean): Promise<Measured> {
  const deps = { db: database.db, orgId };
  const before = liveHeap();
  peak = before;
  const t0 = performance.now();
  const uploaded = await uploadCustomerImport({ ...deps, actorId: null, maxBytes: 1024 * 1024 * 1024 }, { filename: 'bench.csv', body: csvFile(rows) });
  const t1 = performance.now();
  await startCustomerImport({ ...deps, actorId: null }, uploaded.id, { mapping: uploaded.suggested_mapping, default_currency: 'GBP', date_order: 'dmy' });
  await runCustomerImport({ db: database.db, log }, { orgId, importId: uploaded.id });
  const t2 = performance.now();
  const done = await getCustomerImport(deps, uploaded.id);
  const expected = expectCreated ? done.invoices_created : done.invoices_unchanged;
  if (done.status !== 'completed' || done.processed_rows !== rows || done.rejected_rows !== 0 || expected !== rows) {
    throw new Error(`import of ${rows} rows ended ${JSON.stringify(done)}`);
  }
  return { uploadMs: t1 - t0, importMs: t2 - t1, peakMb: (peak - before) / 1024 / 1024 };
}

let failed = false;
try {
  const baselineOrg = await insertOrganization(database.db, { name: 'Baseline Ltd' });
  const org = await insertOrganization(database.db, { name: 'Bench Ltd' });
  const small = await importRows(baselineOrg.id, BASELINE, true);
  const large = await importRows(org.id, N, true);
  const again = await importRows(org.id, N, false);

  const perK = (m: Measured, rows: number) => ((m.uploadMs + m.importMs) / rows) * 1000;
  const row = (name: string, m: Measured, rows: number) =>
    console.log(
      `${name.padEnd(30)} ${(m.uploadMs / 1000).toFixed(1).padStart(8)} ${(m.importMs / 1000).toFixed(1).padStart(8)}`
      + ` ${perK(m, rows).toFixed(0).padStart(10)} ${m.peakMb.toFixed(0).padStart(9)}`,
    );
  console.log(`\n${'run'.padEnd(30)} ${'upload s'.padStart(8)} ${'import s'.padStart(8)} ${'ms/1k rows'.padStart(10)} ${'+heap MB'.padStart(9)}`);
  row(`baseline ${BASELINE} rows`, small, BASELINE);
  row(`${N} rows`, large, N);
  row(`${N} rows again (no change)`, again, N);

  const timeRatio = perK(large, N) / perK(small, BASELINE);
  // Growth below a few MB is noise; compare from a floor so a flat line reads as ~1.
  const memoryRatio = Math.max(large.peakMb, 4) / Math.max(small.peakMb, 4);
  console.log(`\nratio ${N} / ${BASELINE} rows: time per row ${timeRatio.toFixed(2)}, peak memory ${memoryRatio.toFixed(2)}`);
  if (memoryRatio > 3) {
    console.error(`memory grew ${memoryRatio.toFixed(1)}× with a ${N / BASELINE}× larger file: the import is not streaming`);
    failed = true;
  }
} finally {
  clearInterval(sampler);
  await database.drop();
  await admin.stop();
}
process.exit(failed ? 1 : 0);
