import type { CustomerSortField, SortOrder } from '@receivables/contracts';

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';

export interface CustomerColumn {
  id: 'name' | 'standing' | 'amount' | 'invoices' | 'days_late' | 'oldest_due' | 'last_contact' | 'tags' | 'email';
  label: string;
  /** A shorter header for phones, where every pixel of width counts. */
  shortLabel?: string;
  align?: 'right';
  /** The column is hidden on narrower screens so the table fits without scrolling sideways. */
  hideBelow?: Breakpoint;
  sort?: {
    field: CustomerSortField;
    /** The order a first click asks for. */
    first: SortOrder;
    /** Days late grows as the due date shrinks, so its arrow points the other way. */
    inverted?: boolean;
  };
}

/**
 * The list's columns, in order; each sortable one names the field the server sorts by. Beside a
 * 280px menu a 1280px screen leaves about 950px, so the least-needed columns wait for wider ones.
 */
export const CUSTOMER_COLUMNS: readonly CustomerColumn[] = [
  { id: 'name', label: 'Name', sort: { field: 'name', first: 'asc' } },
  { id: 'standing', label: 'Standing', hideBelow: 'sm', sort: { field: 'standing', first: 'asc' } },
  { id: 'amount', label: 'Amount overdue', shortLabel: 'Amount', align: 'right', sort: { field: 'amount_overdue', first: 'desc' } },
  { id: 'invoices', label: '# invoices', align: 'right', hideBelow: 'xl', sort: { field: 'n_invoices', first: 'desc' } },
  { id: 'days_late', label: 'Days late', shortLabel: 'Days', align: 'right', sort: { field: 'due_date', first: 'asc', inverted: true } },
  { id: 'oldest_due', label: 'Oldest due date', hideBelow: 'xl', sort: { field: 'due_date', first: 'asc' } },
  { id: 'last_contact', label: 'Last contact', hideBelow: 'md', sort: { field: 'last_chase_at', first: 'desc' } },
  { id: 'tags', label: 'Tags', hideBelow: 'xl' },
  // Below xl the email shows under the name instead (see the row).
  { id: 'email', label: 'Primary contact email', hideBelow: 'xl' },
];

/** sx that hides a cell below its column's breakpoint. */
export function columnDisplay(column: Pick<CustomerColumn, 'hideBelow'>) {
  return column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : {};
}

/** The direction a column's arrow shows for the list's current sort, or false when inactive. */
export function columnDirection(column: CustomerColumn, sort: CustomerSortField, order: SortOrder): SortOrder | false {
  if (column.sort?.field !== sort) return false;
  if (!column.sort.inverted) return order;
  return order === 'asc' ? 'desc' : 'asc';
}

/** The sort a click on `column` asks for: flip the active column, otherwise its natural first order. */
export function nextSort(
  column: CustomerColumn,
  sort: CustomerSortField,
  order: SortOrder,
): { sort: CustomerSortField; order: SortOrder } | null {
  if (!column.sort) return null;
  if (column.sort.field === sort) return { sort, order: order === 'asc' ? 'desc' : 'asc' };
  return { sort: column.sort.field, order: column.sort.first };
}
