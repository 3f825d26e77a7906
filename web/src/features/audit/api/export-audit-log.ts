import { useMutation } from '@tanstack/react-query';

import { downloadCsv } from '../../../lib/save-file';

import type { AuditFilters } from './audit-keys';

/** Every entry the filters match, as CSV: `GET /api/audit/export.csv`. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: (filters: AuditFilters) => downloadCsv('/api/audit/export.csv', 'audit-log.csv', { ...filters }),
  });
}
