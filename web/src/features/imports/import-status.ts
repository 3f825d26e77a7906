import type { ImportStatus } from '@receivables/contracts';

/** Still moving: the screen polls and shows progress. */
export function isImportActive(status: ImportStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** How each status reads in a table, for someone who never saw the word "queued" before. */
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Not started',
  queued: 'Waiting to start',
  running: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
};
