import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { CustomerExportQueryInput } from '@receivables/contracts';

import { useNotify } from '../../../lib/use-notify';
import { useExportCustomers } from '../api/export-customers';

/** "Export CSV": downloads every customer the list's search, filters and sort select. */
export function CustomerExportButton({ query }: { query: CustomerExportQueryInput }) {
  const notify = useNotify();
  const exporting = useExportCustomers();
  const onClick = () =>
    exporting.mutate(query, {
      onError: (error) => notify(`Export failed: ${error.message}`, 'error'),
    });

  return (
    <Button
      variant="outlined"
      onClick={onClick}
      disabled={exporting.isPending}
      startIcon={exporting.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <FileDownloadOutlined />}
      sx={{ ml: { sm: 'auto' } }}
    >
      Export CSV
    </Button>
  );
}
