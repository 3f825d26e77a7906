import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Customer, CustomerSortField, SortOrder } from '@receivables/contracts';
import { Fragment } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { formatCount } from '../../../lib/format';
import { currencyGroupLabel, currencyGroupStarts } from '../currency-order';
import { PAGE_SIZES, type PageSize } from '../customer-list-search';

import { columnDisplay, CUSTOMER_COLUMNS } from './customer-columns';
import { CustomerCurrencyGroupRow } from './customer-currency-group-row';
import { CustomerTableHead } from './customer-table-head';
import { CustomerTableRow } from './customer-table-row';

const LOADING_ROWS = 8;

interface CustomerTableProps {
  /** Undefined until the first page arrives. */
  rows: Customer[] | undefined;
  total: number;
  /** More than `total` match (the count stops at a cap): the last page is not known. */
  totalCapped: boolean;
  /** The server says a page follows this one. */
  hasNextPage: boolean;
  /** A request is in flight (the first page, the next page, or a refresh). */
  isFetching: boolean;
  /** The rows are the previous page's, shown dimmed while the next one loads. */
  isStale: boolean;
  sort: CustomerSortField;
  order: SortOrder;
  page: number;
  pageSize: PageSize;
  onSort: (next: { sort: CustomerSortField; order: SortOrder }) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  /** The organisation's currency: sorted by amount, it leads and each currency is headed (decision 0013). */
  leadCurrency: string;
}

function SkeletonRows() {
  return Array.from({ length: LOADING_ROWS }, (_, index) => (
    <TableRow key={index}>
      <TableCell padding="checkbox" />
      {CUSTOMER_COLUMNS.map((column) => (
        <TableCell key={column.id} sx={{ py: 1.75, ...columnDisplay(column) }}>
          <Skeleton variant="text" aria-hidden />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** The customer list: server-side sorted and paged, so 100,000 customers are as quick as ten. */
export function CustomerTable(props: CustomerTableProps) {
  const { rows, total, isFetching, isStale, sort, order, page, pageSize, selected, onSelect } = props;
  const today = useOrganisationToday();
  // The tags column has room for one tag and "+N" at 1280 px, for two from 1536 px.
  const maxTags = useMediaQuery((theme) => theme.breakpoints.up('xl'), { noSsr: true }) ? 2 : 1;
  const pageIds = rows?.map((r) => r.id) ?? [];
  // Past the count's cap the last page is unknown: MUI's -1, and the next button follows the server.
  const count = props.totalCapped ? -1 : total;
  const lastPage = props.totalCapped ? page - 1 : Math.max(0, Math.ceil(total / pageSize) - 1);
  const groupStarts = sort === 'amount_overdue' && rows ? currencyGroupStarts(rows, props.leadCurrency) : new Set<number>();

  return (
    <>
      {/* Fixed layout: the columns keep their widths and the name takes what is left, cut with an
          ellipsis, so from 1280 px the table fits without scrolling; narrower tablets scroll here. */}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table
          aria-label="Customers"
          aria-busy={isFetching}
          size="small"
          sx={{
            tableLayout: 'fixed',
            minWidth: { sm: 560, md: 720, lg: 900 },
            '& :is(th, td):not(.MuiTableCell-paddingCheckbox)': { px: { xs: 0.75, sm: 1 } },
            // MUI's small checkbox cell is 24 px with a checkbox stripped of its padding, which
            // spills into the name; this one holds the whole 36 px checkbox and a gap after it.
            '& :is(th, td).MuiTableCell-paddingCheckbox': { width: 48, p: '0 4px 0 8px', '& > .MuiCheckbox-root': { p: 1 } },
            '& th': { verticalAlign: 'bottom', lineHeight: 1.3 },
            '& td': { py: 1.25 },
          }}
        >
          <CustomerTableHead
            sort={sort}
            order={order}
            onSort={props.onSort}
            selectedOnPage={pageIds.filter((id) => selected.has(id)).length}
            rowsOnPage={pageIds.length}
            onSelectPage={(on) => onSelect(pageIds, on)}
          />
          <TableBody sx={{ opacity: isStale ? 0.5 : 1, transition: 'opacity 150ms' }}>
            {rows === undefined ? (
              <SkeletonRows />
            ) : (
              rows.map((customer, index) => (
                <Fragment key={customer.id}>
                  {groupStarts.has(index) ? (
                    <CustomerCurrencyGroupRow label={currencyGroupLabel(customer.currency, props.leadCurrency)} />
                  ) : null}
                  <CustomerTableRow
                    customer={customer}
                    today={today}
                    maxTags={maxTags}
                    isSelected={selected.has(customer.id)}
                    onSelect={(on) => onSelect([customer.id], on)}
                  />
                </Fragment>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {/* No "0–0 of 0" while the first page is still on its way. */}
      {rows === undefined ? null : (
        <TablePagination
          component="div"
          count={count}
          // A page past the end (a stale URL) shows as the last page rather than upsetting MUI.
          page={Math.min(page - 1, lastPage)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_event, next) => props.onPage(next + 1)}
          onRowsPerPageChange={(event) => props.onPageSize(Number(event.target.value) as PageSize)}
          labelRowsPerPage="Rows per page"
          labelDisplayedRows={({ from, to }) => `${formatCount(from)}–${formatCount(to)} of ${count === -1 ? `more than ${formatCount(total)}` : formatCount(total)}`}
          slotProps={{ actions: { nextButton: { disabled: !props.hasNextPage } } }}
          sx={{ borderTop: 1, borderColor: 'divider', '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } } }}
        />
      )}
    </>
  );
}
