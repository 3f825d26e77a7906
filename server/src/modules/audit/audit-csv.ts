import { type AuditCursor, type AuditEntry, AUDIT_EXPORT_HEADERS } from '@receivables/contracts';

import { csvRecord, UTF8_BOM } from '../../lib/csv-field';

/** Reads the batch of entries after the cursor (undefined: from the newest), and where the next starts (null: none). */
export type ReadAuditBatch = (after: AuditCursor | undefined) => Promise<{ rows: AuditEntry[]; next: AuditCursor | null }>;

const json = (values: Record<string, unknown> | null): string | null => (values === null ? null : JSON.stringify(values));

/** One entry's fields in the order of AUDIT_EXPORT_HEADERS; the system has no name or email. */
export function auditCsvValues(entry: AuditEntry): (string | null)[] {
  return [
    entry.at,
    entry.actor ? (entry.actor.name ?? 'A former user') : 'System',
    entry.actor?.email ?? null,
    entry.description,
    entry.action,
    entry.entity,
    entry.entity_id,
    entry.customer?.name ?? null,
    entry.customer?.id ?? null,
    json(entry.before),
    json(entry.after),
  ];
}

/**
 * The export as text chunks: the BOM and header, then one chunk per batch as it is read, so
 * memory holds one batch however long the log. Every field goes through csvRecord, which quotes
 * and neutralises text that a spreadsheet would run as a formula.
 */
export async function* auditCsvChunks(readBatch: ReadAuditBatch): AsyncGenerator<string> {
  yield UTF8_BOM + csvRecord(Object.values(AUDIT_EXPORT_HEADERS));
  let after: AuditCursor | undefined;
  for (;;) {
    const { rows, next } = await readBatch(after);
    if (rows.length > 0) yield rows.map((row) => csvRecord(auditCsvValues(row))).join('');
    if (next === null) return;
    after = next;
  }
}
