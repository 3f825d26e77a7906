import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { CustomerSortField, SortOrder } from '@receivables/contracts';

import { columnDirection, columnHeadSx, CUSTOMER_COLUMNS, nextSort } from './customer-columns';

interface CustomerTableHeadProps {
  sort: CustomerSortField;
  order: SortOrder;
  onSort: (next: { sort: CustomerSortField; order: SortOrder }) => void;
  /** How many of the page's rows are selected, out of how many. */
  selectedOnPage: number;
  rowsOnPage: number;
  onSelectPage: (selected: boolean) => void;
}

/** Column headers: every sortable one is a sort button, and the active sort shows in aria-sort. */
export function CustomerTableHead({ sort, order, onSort, selectedOnPage, rowsOnPage, onSelectPage }: CustomerTableHeadProps) {
  const all = rowsOnPage > 0 && selectedOnPage === rowsOnPage;
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox">
          <Checkbox
            size="small"
            checked={all}
            indeterminate={selectedOnPage > 0 && !all}
            disabled={rowsOnPage === 0}
            onChange={(event) => onSelectPage(event.target.checked)}
            slotProps={{ input: { 'aria-label': 'Select all on this page' } }}
          />
        </TableCell>
        {CUSTOMER_COLUMNS.map((column) => {
          const direction = columnDirection(column, sort, order);
          const next = nextSort(column, sort, order);
          return (
            <TableCell key={column.id} align={column.align} sortDirection={direction} sx={columnHeadSx(column)}>
              {next ? (
                <TableSortLabel
                  active={direction !== false}
                  direction={direction === false ? (column.align === 'right' ? 'desc' : 'asc') : direction}
                  onClick={() => onSort(next)}
                  // The full name even where the header shows the short one.
                  aria-label={column.shortLabel ? column.label : undefined}
                >
                  {column.shortLabel ? (
                    <>
                      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                        {column.label}
                      </Box>
                      <Box component="span" aria-hidden sx={{ display: { sm: 'none' } }}>
                        {column.shortLabel}
                      </Box>
                    </>
                  ) : (
                    column.label
                  )}
                </TableSortLabel>
              ) : (
                column.label
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
