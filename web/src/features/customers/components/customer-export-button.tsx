import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { CustomerExportQueryInput } from '@receivables/contracts';

import { formatCount } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useExportCustomers } from '../api/export-customers';

/** How many customers the query names by id; 0 when it exports the whole filtered list. */
function selectedCount(query: CustomerExportQueryInput): number {
  return query.customer_ids ? query.customer_ids.split(',').length : 0;
}

/**
 * "Export CSV": downloads every customer the list's search, filters and sort select, or, while
 * rows are selected, just those ("Export selected (3)"), in the list's order.
 */
export function CustomerExportButton({ query }: { query: CustomerExportQueryInput }) {
  const selected = selectedCount(query);
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
      {selected > 0 ? `Export selected (${formatCount(selected)})` : 'Export CSV'}
    </Button>
  );
}
