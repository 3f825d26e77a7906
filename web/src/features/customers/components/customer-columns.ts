import type { CustomerSortField, SortOrder } from '@receivables/contracts';

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';

/** A width in px, per breakpoint from the smallest up (MUI's responsive sx value). */
type ResponsiveWidth = Partial<Record<'xs' | Breakpoint, number>>;

export interface CustomerColumn {
  id: 'name' | 'standing' | 'amount' | 'invoices' | 'days_late' | 'last_contact' | 'tags';
  label: string;
  /**
   * The column's fixed width; the name column alone has none and takes what is left. The table
   * lays out by these (table-layout: fixed), so a long name or email is cut with an ellipsis
   * instead of pushing the table wider than the screen.
   */
  width?: ResponsiveWidth;
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
 * The list's columns, in order; each sortable one names the field the server sorts by. The page's
 * content is at most 1,136 px wide (the shell caps it at 1,200 px with its padding), and 936 px
 * beside the 280 px menu at 1280: there the name keeps about 210 px with the standing, amount,
 * days late, last contact and tags beside it; from 1536 px "# invoices" joins them. The contact
 * email sits under the name, and the oldest due date behind days late (docs/product.md,
 * Customer list), so neither needs a column of its own.
 */
export const CUSTOMER_COLUMNS: readonly CustomerColumn[] = [
  { id: 'name', label: 'Name', sort: { field: 'name', first: 'asc' } },
  { id: 'standing', label: 'Standing', width: { sm: 168 }, hideBelow: 'sm', sort: { field: 'standing', first: 'asc' } },
  {
    id: 'amount',
    label: 'Amount overdue',
    shortLabel: 'Amount',
    width: { xs: 96, sm: 124 },
    align: 'right',
    sort: { field: 'amount_overdue', first: 'desc' },
  },
  { id: 'invoices', label: '# invoices', width: { xl: 96 }, align: 'right', hideBelow: 'xl', sort: { field: 'n_invoices', first: 'desc' } },
  {
    id: 'days_late',
    label: 'Days late',
    shortLabel: 'Days',
    width: { xs: 68, sm: 96 },
    align: 'right',
    sort: { field: 'due_date', first: 'asc', inverted: true },
  },
  { id: 'last_contact', label: 'Last contact', width: { md: 146 }, hideBelow: 'md', sort: { field: 'last_chase_at', first: 'desc' } },
  // One tag and "+N" at 1280, two from 1536 (see CustomerTable).
  { id: 'tags', label: 'Tags', width: { lg: 150, xl: 220 }, hideBelow: 'lg' },
];

/** sx that hides a cell below its column's breakpoint. */
export function columnDisplay(column: Pick<CustomerColumn, 'hideBelow'>) {
  return column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : {};
}

/** sx for a header cell: hidden below its breakpoint, and its fixed width where it has one. */
export function columnHeadSx(column: Pick<CustomerColumn, 'hideBelow' | 'width'>) {
  return { ...columnDisplay(column), ...(column.width ? { width: column.width } : {}) };
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
