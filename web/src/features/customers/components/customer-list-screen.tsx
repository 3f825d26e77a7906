import Box from '@mui/material/Box';
import Card from '@mui/material/Card';

import { useCustomers } from '../../../app/api/get-customers';
import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { useOrganisationToday } from '../../../app/use-organisation-today';
import { ErrorPanel } from '../../../components/error-panel';
import { PageHeader } from '../../../components/page-header';
import { formatCount } from '../../../lib/format';
import { usePageSelection } from '../../../lib/use-page-selection';
import { useOverdueSummary } from '../api/get-overdue-summary';
import { currencyOrderLabel } from '../currency-order';
import {
  FILTER_KEYS,
  hasActiveFilters,
  NO_FILTERS,
  toCustomerBulkMatching,
  toCustomerListQuery,
  type CustomerListFilters,
  type CustomerListSearch,
} from '../customer-list-search';

import { CustomerBulkActions } from './customer-bulk-actions';
import { CustomerBulkJobPanel } from './customer-bulk-job-panel';
import { CustomerFilterBar } from './customer-filter-bar';
import { NoCustomersYet, NoMatchingCustomers, PastTheEnd } from './customer-list-empty';
import { CustomerSelectionToolbar } from './customer-selection-toolbar';
import { CustomerTable } from './customer-table';

/** The currencies offered as filters even before any customer uses them. */
const COMMON_CURRENCIES = ['GBP', 'EUR', 'USD'];

/**
 * "1,234 customers", or "12 customers match" when searched or filtered; past the count's cap
 * (decision 0029) "More than 10,000 customers".
 */
function describeTotal(total: number, capped: boolean, isNarrowed: boolean): string {
  const noun = capped ? `More than ${formatCount(total)} customers` : `${formatCount(total)} ${total === 1 ? 'customer' : 'customers'}`;
  if (!isNarrowed) return noun;
  return `${noun} ${total === 1 && !capped ? 'matches' : 'match'}`;
}

export type CustomerSearchUpdate = Partial<CustomerListSearch>;

interface CustomerListScreenProps {
  /** The list's state, as the URL holds it. */
  search: CustomerListSearch;
  onSearchChange: (update: CustomerSearchUpdate, options?: { replace?: boolean }) => void;
}

/** `/customers/`: search, filters, the table and its states; all state but the selection is in the URL. */
export function CustomerListScreen({ search, onSearchChange }: CustomerListScreenProps) {
  const today = useOrganisationToday();
  const query = toCustomerListQuery(search, today);
  const list = useCustomers(query);
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search[key]])) as CustomerListFilters;
  const isNarrowed = hasActiveFilters(search) || search.q !== undefined;

  // A selection belongs to the page it was made on: another page, sort or filter starts afresh.
  const selection = usePageSelection(JSON.stringify(query));
  const selected = selection.ids;

  const rows = list.data?.rows;
  const total = list.data?.total ?? 0;
  const totalCapped = list.data?.total_capped ?? false;
  const currencies = [...new Set([...COMMON_CURRENCIES, ...(search.currency ?? []), ...(rows ?? []).map((r) => r.currency)])];
  // Sorted by amount, the organisation's currency leads and the others follow (decision 0013): the
  // chip names what the list holds, the currencies filtered to or every one known to be in use.
  const leadCurrency = useOrganisationSettings().default_currency;
  const inUse = useOverdueSummary().data?.currencies.map((c) => c.currency) ?? [];
  const included = search.currency ?? [...inUse, ...(rows ?? []).map((r) => r.currency)];
  const currencyOrder = currencyOrderLabel(search.sort, leadCurrency, included);
  // Narrowing the list or changing its order always starts again from the first page.
  const narrow = (update: CustomerSearchUpdate, options?: { replace?: boolean }) => onSearchChange({ ...update, page: 1 }, options);
  const clearAll = () => narrow({ ...NO_FILTERS, q: undefined });
  const isPageSelected = rows !== undefined && rows.length > 0 && rows.every((r) => selected.has(r.id));
  // Only while the rows shown are this query's (not the previous page's, kept while loading).
  const canSelectAllMatching = isPageSelected && !list.isPlaceholderData && total > rows.length;
  const { limit: _limit, offset: _offset, ...listExport } = query;
  // Selected rows export just themselves, in the list's order; "all matching" is the list itself.
  const exportQuery =
    selected.size > 0 && !selection.isAllMatching
      ? { sort_field: query.sort_field, sort_order: query.sort_order, customer_ids: [...selected].join(',') }
      : listExport;

  let content;
  if (list.isError) {
    content = (
      <Box sx={{ p: { xs: 2, sm: 2.5 }, pt: 0 }}>
        <ErrorPanel
          title="Failed to load customers"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      </Box>
    );
  } else if (rows?.length === 0 && total === 0) {
    content = isNarrowed ? <NoMatchingCustomers onClear={clearAll} /> : <NoCustomersYet />;
  } else if (rows?.length === 0) {
    content = <PastTheEnd onFirstPage={() => onSearchChange({ page: 1 })} />;
  } else {
    content = (
      <CustomerTable
        rows={rows}
        total={total}
        totalCapped={totalCapped}
        hasNextPage={list.data?.next_cursor != null}
        isFetching={list.isFetching}
        isStale={list.isPlaceholderData}
        sort={search.sort}
        order={search.order}
        page={search.page}
        pageSize={search.page_size}
        onSort={(next) => narrow(next)}
        onPage={(page) => onSearchChange({ page })}
        onPageSize={(pageSize) => narrow({ page_size: pageSize })}
        selected={selected}
        onSelect={selection.select}
        leadCurrency={leadCurrency}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Customers"
        description={list.data ? describeTotal(total, totalCapped, isNarrowed) : '\u00a0'}
      />
      <Card component="section" aria-label="Customer list">
        <CustomerFilterBar
          q={search.q}
          filters={filters}
          currencies={currencies}
          onSearch={(q, options) => narrow({ q }, options)}
          onFiltersChange={(update) => narrow(update)}
          onClearAll={clearAll}
          exportQuery={exportQuery}
          currencyOrder={currencyOrder}
        />
        {selected.size > 0 ? (
          <CustomerSelectionToolbar
            count={selected.size}
            total={total}
            isAllMatching={selection.isAllMatching}
            canSelectAllMatching={canSelectAllMatching}
            onSelectAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
            bulkActions={
              <CustomerBulkActions
                customers={(rows ?? []).filter((r) => selected.has(r.id))}
                matching={selection.isAllMatching ? { query: toCustomerBulkMatching(query), count: total } : undefined}
                onDone={selection.clear}
              />
            }
          />
        ) : null}
        <CustomerBulkJobPanel />
        {content}
      </Card>
    </>
  );
}
