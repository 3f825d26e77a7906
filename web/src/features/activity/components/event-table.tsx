import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { EventRow, EventTab } from '@receivables/contracts';

import { SimpleTablePagination } from '../../../components/simple-table-pagination';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows';

import { CHECKBOX_CELL, CHECKBOX_SX, EVENT_COLUMNS, eventColumnDisplay, eventColumnLabel } from './event-columns';
import { EventTableRow, type RowSelection } from './event-table-row';

const LOADING_ROWS = 6;

interface EventTableProps {
  /** The tab shown, which names the address column. */
  tab: EventTab;
  /** Undefined until the first page arrives. */
  rows: EventRow[] | undefined;
  total: number;
  isFetching: boolean;
  /** The rows are the previous page's, dimmed while the next one loads. */
  isStale: boolean;
  /** The page shown, from 0. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  timeZone: string;
  /**
   * Ticking planned emails for Send now or Cancel (decision 0045): a checkbox on each planned
   * email's row and one in the head for every planned email of the page. Absent: no checkboxes.
   */
  selection?: TableSelection;
}

export interface TableSelection {
  ids: ReadonlySet<string>;
  select: (ids: string[], on: boolean) => void;
}

/** Only a planned email can be sent now or cancelled. */
export const isSelectable = (row: EventRow): boolean => row.direction === 'outbox' && row.status === 'pending';

/** A row's part in the selection. */
const rowSelection = (selection: TableSelection, row: EventRow): RowSelection => ({
  isSelectable: isSelectable(row),
  isSelected: selection.ids.has(row.id),
  onSelect: (on) => selection.select([row.id], on),
});


/** Each column's placeholder cell, hidden where the column is. */
const SKELETON_CELLS = EVENT_COLUMNS.map((column) => ({ py: 1.75, ...eventColumnDisplay(column) }));

/** Activity's emails, a page at a time; fixed column widths, so a long subject is cut, never the layout. */
export function EventTable({ tab, rows, total, isFetching, isStale, page, pageSize, onPage, timeZone, selection }: EventTableProps) {
  const selectable = (rows ?? []).filter(isSelectable).map((r) => r.id);
  const ticked = selectable.filter((id) => selection?.ids.has(id)).length;
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table
          aria-label="Emails"
          aria-busy={isFetching}
          size="small"
          sx={{
            tableLayout: 'fixed',
            // Narrower than these, the card scrolls rather than squeeze the subject to nothing (at lg, only from 1200 to 1240 px).
            minWidth: { sm: 560, md: 700, lg: 896 },
            '& :is(th, td)': { px: { xs: 0.75, sm: 1 } },
            // The first column's cells start at the card's edge; a checkbox column keeps MUI's own padding.
            '& :is(th, td):first-of-type:not(.MuiTableCell-paddingCheckbox)': { pl: { xs: 2, sm: 2.5 } },
            '& :is(th, td):last-of-type': { pr: { xs: 2, sm: 2.5 } },
            '& td': { py: 1.25, verticalAlign: 'top' },
          }}
        >
          <TableHead>
            <TableRow>
              {selection ? (
                <TableCell padding="checkbox" sx={CHECKBOX_CELL}>
                  <Checkbox
                    size="small"
                    sx={CHECKBOX_SX}
                    checked={selectable.length > 0 && ticked === selectable.length}
                    indeterminate={ticked > 0 && ticked < selectable.length}
                    disabled={selectable.length === 0}
                    onChange={(event) => selection.select(selectable, event.target.checked)}
                    slotProps={{ input: { 'aria-label': 'Select every planned email on this page' } }}
                  />
                </TableCell>
              ) : null}
              {EVENT_COLUMNS.map((column) => (
                <TableCell key={column.id} sx={{ ...eventColumnDisplay(column), ...(column.width ? { width: column.width } : {}) }}>
                  {eventColumnLabel(column, tab)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: isStale ? 0.5 : 1, transition: 'opacity 150ms' }}>
            {rows === undefined ? (
              <TableSkeletonRows
                rows={LOADING_ROWS}
                columns={EVENT_COLUMNS.length + (selection ? 1 : 0)}
                cellSx={selection ? [CHECKBOX_CELL, ...SKELETON_CELLS] : SKELETON_CELLS}
              />
            ) : (
              rows.map((row) => (
                <EventTableRow
                  key={row.id}
                  row={row}
                  timeZone={timeZone}
                  selection={selection ? rowSelection(selection, row) : undefined}
                />
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {rows === undefined ? null : <SimpleTablePagination total={total} page={page} pageSize={pageSize} onPage={onPage} />}
    </>
  );
}
