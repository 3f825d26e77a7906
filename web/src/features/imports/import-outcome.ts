import type { CustomerImport } from '@receivables/contracts';

import { formatCount } from '../../lib/format';

export interface ImportOutcome {
  title: string;
  detail: string | null;
  severity: 'success' | 'info' | 'warning';
}

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A finished import's result in a finance person's words, with how the summary should look. */
export function describeImportOutcome(result: CustomerImport): ImportOutcome {
  const imported = Math.max(0, result.processed_rows - result.rejected_rows);
  const changed = result.customers_created + result.invoices_created + result.invoices_updated;
  const rejectedNote =
    result.rejected_rows > 0
      ? `${count(result.rejected_rows, 'row was', 'rows were')} not imported: see ${result.rejected_rows === 1 ? 'why' : 'which and why'} below.`
      : null;

  if (result.processed_rows === 0) {
    return { title: 'The file had no rows to import', detail: null, severity: 'info' };
  }
  if (imported === 0) {
    return {
      title: 'No rows were imported',
      detail: 'Every row had a problem. Download the rejected rows to see why, correct them and import that file.',
      severity: 'warning',
    };
  }
  if (changed === 0) {
    return { title: 'Nothing changed: every invoice was already up to date', detail: rejectedNote, severity: 'info' };
  }
  const parts = [
    result.customers_created > 0 ? count(result.customers_created, 'new customer', 'new customers') : null,
    result.invoices_created > 0 ? count(result.invoices_created, 'new invoice', 'new invoices') : null,
    result.invoices_updated > 0 ? count(result.invoices_updated, 'invoice updated', 'invoices updated') : null,
    result.invoices_unchanged > 0 ? count(result.invoices_unchanged, 'invoice already up to date', 'invoices already up to date') : null,
  ].filter((part) => part !== null);
  return {
    title: `Imported ${count(imported, 'row', 'rows')} from ${result.filename}`,
    detail: [`${parts.join(', ')}.`, rejectedNote].filter((line) => line !== null).join(' '),
    severity: result.rejected_rows > 0 ? 'warning' : 'success',
  };
}
