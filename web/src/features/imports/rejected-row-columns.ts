import { importFieldsNamedIn, type ImportMapping } from '@receivables/contracts';

/** The file's first columns, shown beside every refused row so it can be recognised. */
export const LEADING_COLUMNS = 3;

/** The file's columns a refusal reason is about, through the mapping the import used. */
export function columnsNamedIn(reason: string, mapping: ImportMapping | null): number[] {
  if (!mapping) return [];
  return importFieldsNamedIn(reason).flatMap((field) => {
    const column = mapping[field];
    return column === undefined ? [] : [column];
  });
}

/**
 * The columns the rejected-rows table shows: the leading ones, then every column a reason on this
 * page names (a due date past the first three would otherwise never be seen), in file order.
 */
export function rejectedRowColumns(headerCount: number, reasons: readonly string[], mapping: ImportMapping | null): number[] {
  const leading = Array.from({ length: Math.min(LEADING_COLUMNS, headerCount) }, (_, i) => i);
  const named = reasons.flatMap((reason) => columnsNamedIn(reason, mapping)).filter((c) => c >= LEADING_COLUMNS && c < headerCount);
  return [...leading, ...[...new Set(named)].sort((a, b) => a - b)];
}
