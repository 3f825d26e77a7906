import { useMutation } from '@tanstack/react-query';

import { downloadCsv } from '../../../lib/save-file';

/** The refused rows as CSV (the file's columns, then Row and Reason): `GET /api/imports/{id}/rejected.csv`. */
export function useDownloadRejectedRows() {
  return useMutation({
    mutationFn: (id: string) => downloadCsv(`/api/imports/${encodeURIComponent(id)}/rejected.csv`, 'rejected-rows.csv'),
  });
}
