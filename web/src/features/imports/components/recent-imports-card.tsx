import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CustomerImport } from '@receivables/contracts';
import { useState } from 'react';

import { ErrorPanel } from '../../../components/error-panel';
import { RouterLink } from '../../../components/router-link';
import { SimpleTablePagination } from '../../../components/simple-table-pagination';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';
import { formatCount, formatDateTime } from '../../../lib/format';
import { RECENT_IMPORTS_PAGE_SIZE, useImports } from '../api/get-imports';
import { isImportActive } from '../import-status';

import { ImportCard } from './import-card';
import { ImportStatusChip } from './import-status-chip';

const COLUMNS = 5;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function rowsText(item: CustomerImport): string {
  if (isImportActive(item.status)) return `${formatCount(item.processed_rows)} of ${formatCount(item.total_rows)}`;
  return formatCount(item.total_rows);
}

/** The organisation's imports, newest first; each opens where it stands (mapping, progress or result). */
export function RecentImportsCard() {
  const [page, setPage] = useState(0);
  const imports = useImports({ limit: RECENT_IMPORTS_PAGE_SIZE, offset: page * RECENT_IMPORTS_PAGE_SIZE });
  const rows = imports.data?.rows;
  const total = imports.data?.total ?? 0;

  let body;
  if (imports.isError) {
    body = (
      <ErrorPanel
        title="Failed to load recent imports"
        message={imports.error.message}
        onRetry={() => void imports.refetch()}
        isRetrying={imports.isFetching}
      />
    );
  } else if (rows?.length === 0 && page === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        No imports yet. Files you upload are listed here, with what each one imported.
      </Typography>
    );
  } else {
    body = (
      <>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table
            aria-label="Recent imports"
            aria-busy={imports.isFetching}
            size="small"
            sx={{ '& th, & td': { px: { xs: 0.75, sm: 1.5 } }, '& th': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Started</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Rows</TableCell>
                <TableCell align="right">Rejected</TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: imports.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}>
              {rows
                ? rows.map((item) => (
                  <TableRow key={item.id} hover>
                    <TableCell sx={{ minWidth: 180, maxWidth: 280, overflowWrap: 'anywhere', fontWeight: 500 }}>
                      <RouterLink to="/customers/import" search={{ import_id: item.id }}>
                        {item.filename}
                      </RouterLink>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.created_at)}</TableCell>
                    <TableCell>
                      <ImportStatusChip status={item.status} />
                    </TableCell>
                    <TableCell align="right" sx={numeric}>{rowsText(item)}</TableCell>
                    <TableCell align="right" sx={numeric}>{item.status === 'completed' ? formatCount(item.rejected_rows) : '—'}</TableCell>
                  </TableRow>
                ))
                : <TableSkeletonRows columns={COLUMNS} />}
            </TableBody>
          </Table>
        </TableContainer>
        <SimpleTablePagination total={total} page={page} pageSize={RECENT_IMPORTS_PAGE_SIZE} onPage={setPage} />
      </>
    );
  }

  return (
    <ImportCard title="Recent imports">
      {body}
    </ImportCard>
  );
}
