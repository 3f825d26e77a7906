import { type CustomerImport, IMPORT_PREVIEW_ROWS } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import { type Db, type Tx, withOrg } from '../../db/client';
import { pgArray, textArrayLiteral } from '../../db/pg-arrays';
import { customerImport, customerImportRow } from '../../db/schema';

import { toCustomerImport } from './customer-import-record';
import { unusableFile } from './imports.errors';
import { type CsvRow, CsvReader } from './upload-csv';
import { limitBytes, UploadDecoder } from './upload-encoding';

/** Columns a header may have: more is not a receivables export, and each is a mapping choice. */
export const MAX_IMPORT_COLUMNS = 500;
/** Rows per INSERT: one statement per batch keeps 100,000 rows to 100 round trips. */
const UPLOAD_BATCH_ROWS = 1000;

export interface UploadDeps {
  db: Db;
  orgId: string;
  actorId: string | null;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
}

/**
 * Store an uploaded CSV file as an import waiting for its mapping (decision 0009): streamed from
 * the request through decoding and parsing into batched inserts, so memory stays flat whatever
 * the size. One transaction: a file refused half-way (too large, broken CSV) leaves nothing.
 */
export async function uploadCustomerImport(
  deps: UploadDeps,
  input: { filename: string; body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> },
): Promise<CustomerImport> {
  const decoder = new UploadDecoder();
  const reader = new CsvReader();
  const rows = reader.rows(decoder.decode(limitBytes(input.body, deps.maxBytes)));
  try {
    return await storeUpload(deps, input.filename, rows, { decoder, reader });
  } finally {
    // A refused file stops reading early; close the pipeline from parser to request.
    await rows.return(undefined);
  }
}

async function storeUpload(
  deps: UploadDeps,
  filename: string,
  rows: AsyncGenerator<CsvRow>,
  source: { decoder: UploadDecoder; reader: CsvReader },
): Promise<CustomerImport> {
  const { decoder, reader } = source;
  const header = await rows.next();
  if (header.done) throw unusableFile('The file is empty', 'has no header row and no data rows');
  const headers = header.value.cells.map(withoutNul);
  if (headers.length > MAX_IMPORT_COLUMNS) {
    throw unusableFile(`The file has ${headers.length} columns; an import reads at most ${MAX_IMPORT_COLUMNS}`, 'has too many columns: is it the right file?');
  }

  return withOrg(deps.db, deps.orgId, async (tx) => {
    const [created] = await tx
      .insert(customerImport)
      .values({
        orgId: deps.orgId,
        createdBy: deps.actorId,
        filename,
        headers,
        preview: [],
        delimiter: reader.delimiter,
        encoding: decoder.encoding,
      })
      .returning({ id: customerImport.id });
    if (!created) throw new Error('import insert returned nothing');

    const preview: string[][] = [];
    let batch: CsvRow[] = [];
    let total = 0;
    for (let next = await rows.next(); !next.done; next = await rows.next()) {
      const row = next.value;
      const cells = fitToHeader(row.cells, headers.length);
      if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(cells);
      batch.push({ row: row.row, cells });
      total += 1;
      if (batch.length >= UPLOAD_BATCH_ROWS) {
        await insertRows(tx, deps.orgId, created.id, batch);
        batch = [];
      }
    }
    if (total === 0) throw unusableFile('The file has a header row but no data rows', 'has no rows to import under its header');
    await insertRows(tx, deps.orgId, created.id, batch);

    // The encoding can be settled only after the header: an all-ASCII start says nothing.
    const [stored] = await tx
      .update(customerImport)
      .set({ totalRows: total, preview, encoding: decoder.encoding })
      .where(eq(customerImport.id, created.id))
      .returning();
    if (!stored) throw new Error('import update returned nothing');
    return toCustomerImport(stored);
  });
}

async function insertRows(tx: Tx, orgId: string, importId: string, rows: CsvRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${customerImportRow} (import_id, org_id, row_number, cells)
    select ${importId}::uuid, ${orgId}::uuid, r.row_number, r.cells::text[]
    from unnest(${pgArray(rows.map((r) => r.row))}::int[], ${pgArray(rows.map((r) => textArrayLiteral(r.cells)))}::text[]) as r(row_number, cells)`);
}

/**
 * A row's cells as stored: without NUL (PostgreSQL text cannot hold it) and without empty cells
 * past the header's width (a trailing delimiter is not data). Extra cells with text are kept:
 * the import refuses that row and shows them.
 */
function fitToHeader(cells: string[], width: number): string[] {
  let end = cells.length;
  while (end > width && (cells[end - 1] ?? '').trim() === '') end -= 1;
  return cells.slice(0, end).map(withoutNul);
}

function withoutNul(cell: string): string {
  return cell.includes('\u0000') ? cell.replaceAll('\u0000', '') : cell;
}
