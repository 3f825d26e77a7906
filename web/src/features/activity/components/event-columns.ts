import type { EventTab } from '@receivables/contracts';

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';

export interface EventColumn {
  id: 'when' | 'customer' | 'subject' | 'kind' | 'tone' | 'status' | 'to';
  label: string;
  /** A fixed width per breakpoint; the subject alone has none and takes what is left. */
  width?: Partial<Record<'xs' | Breakpoint, number>>;
  /** Hidden on narrower screens, so the table fits without scrolling sideways. */
  hideBelow?: Breakpoint;
}

/**
 * Activity's columns (issue 11 lists all seven). The subject gets the room (decision 0040): at
 * 1280 px (936 px beside the menu) the kind and the tone give way to it — the template's name
 * under the subject says both — so it keeps about 350 px; from 1536 px every column shows.
 * Between 900 and 1200 px the recipient, read on the email's page, gives way too; on a phone:
 * when, the customer with the subject under it, and the status.
 */
export const EVENT_COLUMNS: readonly EventColumn[] = [
  { id: 'when', label: 'When', width: { xs: 92, sm: 164 } },
  { id: 'customer', label: 'Customer', width: { sm: 150, lg: 140, xl: 150 } },
  { id: 'subject', label: 'Subject', hideBelow: 'sm' },
  { id: 'kind', label: 'Kind', width: { xl: 104 }, hideBelow: 'xl' },
  { id: 'tone', label: 'Tone', width: { xl: 168 }, hideBelow: 'xl' },
  { id: 'status', label: 'Status', width: { xs: 104, sm: 116, lg: 112, xl: 116 } },
  { id: 'to', label: 'To', width: { lg: 152, xl: 184 }, hideBelow: 'lg' },
];

/**
 * The outbox's checkbox column (decision 0045): the checkbox and a little room either side. Over
 * the table's cell padding and MUI's small checkbox cell (24 px wide, which with border-box sizing
 * left the checkbox on top of the date), hence the raised specificity.
 */
export const CHECKBOX_CELL = { '&&&': { width: { xs: 36, sm: 56 }, pl: { xs: 0.5, sm: 1.5 }, pr: 0 } } as const;

/** The checkbox itself: a little less padding on a phone, where the customer's column needs the room. */
export const CHECKBOX_SX = { p: { xs: 0.5, sm: 1 } } as const;

/** sx that hides a cell below its column's breakpoint. */
export function eventColumnDisplay(column: Pick<EventColumn, 'hideBelow'>) {
  return column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : {};
}

export const eventColumn = (id: EventColumn['id']): EventColumn => EVENT_COLUMNS.find((c) => c.id === id) ?? { id, label: id };

/** The address column names whom ours went to, whom a received one came from, or either on All. */
const ADDRESS_LABELS: Record<EventTab, string> = { outbox: 'To', inbox: 'From', all: 'To or from' };

/** A column's heading on a tab. */
export const eventColumnLabel = (column: EventColumn, tab: EventTab): string => (column.id === 'to' ? ADDRESS_LABELS[tab] : column.label);
