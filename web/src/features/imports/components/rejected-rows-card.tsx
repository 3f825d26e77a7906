import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CustomerImport } from '@receivables/contracts';
import { useState } from 'react';

import { ErrorPanel } from '../../../components/error-panel';
import { ScrollRegion } from '../../../components/scroll-region';
import { SimpleTablePagination } from '../../../components/simple-table-pagination';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { isRequestError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useDownloadRejectedRows } from '../api/download-rejected-rows';
import { REJECTED_ROWS_PAGE_SIZE, useRejectedRows } from '../api/get-rejected-rows';
import { columnLabel } from '../import-file';
import { columnsNamedIn, rejectedRowColumns } from '../rejected-row-columns';

import { ImportCard } from './import-card';

const cellStyle = { maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The rows a completed import refused, with why, a page at a time; the whole list downloads as CSV. */
export function RejectedRowsCard({ source }: { source: CustomerImport }) {
  const [page, setPage] = useState(0);
  const rejected = useRejectedRows(source.id, { limit: REJECTED_ROWS_PAGE_SIZE, offset: page * REJECTED_ROWS_PAGE_SIZE });
  const download = useDownloadRejectedRows();
  const notify = useNotify();
  const rows = rejected.data?.rows;
  const columns = rejectedRowColumns(source.headers.length, rows?.map((row) => row.reason) ?? [], source.mapping);
  const total = rejected.data?.total ?? source.rejected_rows;

  const downloadButton = (
    <Button
      variant="outlined"
      onClick={() => download.mutate(source.id, { onError: (error) => notify(`Download failed: ${error.message}`, 'error') })}
      disabled={download.isPending}
      startIcon={download.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <FileDownloadOutlined />}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      Download rejected rows
    </Button>
  );

  return (
    <ImportCard
      title="Rows not imported"
      description={`${formatCount(source.rejected_rows)} ${source.rejected_rows === 1 ? 'row' : 'rows'}. Correct them in the downloaded file and import it: rows already imported are left as they are.`}
      action={downloadButton}
    >
      {rejected.isError ? (
        <ErrorPanel
          title="Failed to load the rejected rows"
          message={rejected.error.message}
          // A 404 here means the stored rows have expired: trying again cannot help.
          onRetry={isRequestError(rejected.error) && rejected.error.status === 404 ? undefined : () => void rejected.refetch()}
          isRetrying={rejected.isFetching}
        />
      ) : (
        <>
          <ScrollRegion label="Rejected rows, scrolls sideways">
            <Table
              aria-label="Rejected rows"
              aria-busy={rejected.isFetching}
              size="small"
              sx={{ '& th, & td': { px: { xs: 0.75, sm: 1.5 } }, '& th': { whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell align="right">Row</TableCell>
                  <TableCell>Reason</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column}>{columnLabel(source.headers, column)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody sx={{ opacity: rejected.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}>
                {rows
                  ? rows.map((row) => {
                    // The cells the reason is about stand out, so the fault is seen at a glance.
                    const atFault = new Set(columnsNamedIn(row.reason, source.mapping));
                    return (
                      <TableRow key={row.row}>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.row}</TableCell>
                        <TableCell sx={{ color: 'error.main', minWidth: 200 }}>{row.reason}</TableCell>
                        {columns.map((column) => (
                          <TableCell
                            key={column}
                            sx={atFault.has(column) ? { ...cellStyle, color: 'error.main', fontWeight: 600 } : cellStyle}
                            title={row.cells[column]}
                          >
                            {row.cells[column]}
                          </TableCell>
                        ))}
                      </TableRow>
                    );
                  })
                  : <TableSkeletonRows columns={columns.length + 2} />}
              </TableBody>
            </Table>
          </ScrollRegion>
          <SimpleTablePagination total={total} page={page} pageSize={REJECTED_ROWS_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </ImportCard>
  );
}
