import { type ImportReadOptions } from '@receivables/contracts';
import { type AnyColumn, and, asc, eq, gt, inArray, sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { customerImport, customerImportRow } from '../../db/schema';
import { recordAudit } from '../../org/record-audit';

import { importBatch } from './import-batch';
import { analyzeImportTables, lockOrganisationImports, recordRowOutcomes } from './import-batch-queries';
import { requireCustomerImport } from './require-customer-import';

/** Rows per transaction: big enough for set-based statements to pay off, small enough to keep locks short. */
export const IMPORT_BATCH_ROWS = 500;
/** Planner statistics are refreshed at the start and each time the rows imported since double, from this many. */
const ANALYZE_FROM_ROWS = 5000;

export interface RunDeps {
  db: Db;
  log: { error(message: string, error?: unknown): void };
  batchSize?: number;
}

/**
 * The `customers.import` job: import a started import's rows batch by batch in file order. Each
 * batch is one transaction that also stores every row's outcome and advances the import's
 * counters and `processed_through_row`, so a job that dies resumes exactly after the last
 * committed batch. A job for an import that is not queued or running does nothing.
 */
export async function runCustomerImport(deps: RunDeps, job: { orgId: string; importId: string }): Promise<void> {
  const { orgId, importId } = job;
  const begun = await withOrg(deps.db, orgId, (tx) =>
    tx
      .update(customerImport)
      .set({ status: 'running', startedAt: sql`coalesce(${customerImport.startedAt}, now())` })
      .where(and(eq(customerImport.orgId, orgId), eq(customerImport.id, importId), inArray(customerImport.status, ['queued', 'running'])))
      .returning({ totalRows: customerImport.totalRows }),
  );
  const [running] = begun;
  if (!running) return;
  try {
    const batchSize = deps.batchSize ?? IMPORT_BATCH_ROWS;
    // A large upload has just added its rows; its batches then add customers and invoices.
    if (running.totalRows >= ANALYZE_FROM_ROWS) await analyzeImportTables(deps);
    for (let rows = 0, analyzeAt = ANALYZE_FROM_ROWS; await importNextBatch(deps.db, job, batchSize); ) {
      rows += batchSize;
      if (rows >= analyzeAt) {
        await analyzeImportTables(deps);
        analyzeAt *= 2;
      }
    }
    await finish(deps.db, job, { status: 'completed' });
  } catch (error) {
    deps.log.error(`import ${importId} failed`, error);
    const [at] = await withOrg(deps.db, orgId, (tx) =>
      tx.select({ row: customerImport.processedThroughRow }).from(customerImport).where(eq(customerImport.id, importId)),
    );
    const done = at && at.row > 1
      ? `Rows up to row ${at.row} were processed; importing the same file again finishes the rest.`
      : 'Nothing was imported.';
    await finish(deps.db, job, { status: 'failed', error: `The import stopped on an unexpected error. ${done}` });
  }
}

/** Import the next batch; false when none is left (or the import is no longer running). */
async function importNextBatch(db: Db, job: { orgId: string; importId: string }, batchSize: number): Promise<boolean> {
  const { orgId, importId } = job;
  return withOrg(db, orgId, async (tx) => {
    await lockOrganisationImports(tx, orgId);
    const current = await requireCustomerImport(tx, orgId, importId, { lock: true });
    if (current.status !== 'running' || !current.mapping || !current.defaultCurrency || !current.dateOrder) return false;
    const batch = await tx
      .select({ row: customerImportRow.rowNumber, cells: customerImportRow.cells })
      .from(customerImportRow)
      .where(
        and(
          eq(customerImportRow.importId, importId),
          eq(customerImportRow.orgId, orgId),
          gt(customerImportRow.rowNumber, current.processedThroughRow),
        ),
      )
      .orderBy(asc(customerImportRow.rowNumber))
      .limit(batchSize);
    const last = batch.at(-1);
    if (!last) return false;

    const options: ImportReadOptions = { defaultCurrency: current.defaultCurrency, dateOrder: current.dateOrder };
    const context = {
      orgId,
      importId,
      actorId: current.createdBy,
      headers: current.headers,
      mapping: current.mapping,
      options,
    };
    const outcome = await importBatch(tx, context, batch);
    await recordRowOutcomes(tx, importId, outcome.rows);
    const add = (column: AnyColumn, n: number) => sql`${column} + ${n}`;
    await tx
      .update(customerImport)
      .set({
        processedRows: add(customerImport.processedRows, batch.length),
        rejectedRows: add(customerImport.rejectedRows, outcome.rows.filter((r) => r.rejection !== null).length),
        customersCreated: add(customerImport.customersCreated, outcome.customersCreated),
        invoicesCreated: add(customerImport.invoicesCreated, outcome.invoicesCreated),
        invoicesUpdated: add(customerImport.invoicesUpdated, outcome.invoicesUpdated),
        invoicesUnchanged: add(customerImport.invoicesUnchanged, outcome.invoicesUnchanged),
        processedThroughRow: last.row,
      })
      .where(eq(customerImport.id, importId));
    return true;
  });
}

/**
 * End the import and record it in the audit log as one entry with its counts, as the person who
 * started it (decision 0041): one file is one action, not an entry per invoice it wrote.
 */
async function finish(db: Db, job: { orgId: string; importId: string }, end: { status: 'completed' | 'failed'; error?: string }): Promise<void> {
  await withOrg(db, job.orgId, async (tx) => {
    const [ended] = await tx
      .update(customerImport)
      .set({ status: end.status, error: end.error ?? null, finishedAt: sql`now()` })
      .where(and(eq(customerImport.id, job.importId), eq(customerImport.status, 'running')))
      .returning();
    if (!ended) return;
    await recordAudit(tx, { orgId: job.orgId, actorId: ended.createdBy }, {
      action: 'import.finish',
      entity: 'customer_import',
      entityId: ended.id,
      customerId: null,
      before: null,
      after: {
        filename: ended.filename,
        status: ended.status,
        invoices_created: ended.invoicesCreated,
        invoices_updated: ended.invoicesUpdated,
        invoices_unchanged: ended.invoicesUnchanged,
        customers_created: ended.customersCreated,
        rows_refused: ended.rejectedRows,
      },
    });
  });
}
