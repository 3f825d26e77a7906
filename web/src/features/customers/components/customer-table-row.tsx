import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CHASE_STOP_LABELS, daysLate, type Customer } from '@receivables/contracts';

import { OverflowTooltip } from '../../../components/overflow-tooltip';
import { formatCount, formatLongDate, formatMoney } from '../../../lib/format';

import { columnDisplay, CUSTOMER_COLUMNS, type CustomerColumn } from './customer-columns';
import { CustomerNameLink, useCustomerRowProps } from './customer-row-link';
import { StandingChip } from './standing-chip';
import { TagChips } from './tag-chips';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const byId = Object.fromEntries(CUSTOMER_COLUMNS.map((c) => [c.id, c])) as Record<CustomerColumn['id'], CustomerColumn>;
const shown = (id: CustomerColumn['id']) => columnDisplay(byId[id]);

interface CustomerTableRowProps {
  customer: Customer;
  today: string;
  /** How many tag chips fit before "+N". */
  maxTags: number;
  isSelected: boolean;
  onSelect: (selected: boolean) => void;
}

/** Owes and nothing more is planned (decision 0039): why, under the customer's name at every width. */
function ChaseStoppedNote({ customer }: { customer: Customer }) {
  if (!customer.chase_stopped) return null;
  return (
    // Cut to the column like the email above it (nowrap alone widened the name and pushed Days off a phone).
    <Typography variant="body2" noWrap sx={{ color: 'warning.main', fontSize: '0.75rem', mt: 0.25 }}>
      Stopped: {CHASE_STOP_LABELS[customer.chase_stopped.reason].toLowerCase()}
    </Typography>
  );
}

/**
 * One customer; the row opens the customer by mouse or by Enter and is its only tab stop (Space
 * selects it). The checkbox is still there for the mouse and for screen readers' own navigation.
 */
export function CustomerTableRow({ customer, today, maxTags, isSelected, onSelect }: CustomerTableRowProps) {
  const rowProps = useCustomerRowProps(customer.id, () => onSelect(!isSelected));
  const late = daysLate(customer.due_date, today);
  const email = customer.contact?.email;

  return (
    <TableRow {...rowProps} selected={isSelected}>
      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
        <Checkbox
          size="small"
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${customer.name}`, tabIndex: -1 } }}
        />
      </TableCell>
      <TableCell>
        <CustomerNameLink customerId={customer.id} name={customer.name} phoneLines={2} />
        {email ? (
          <OverflowTooltip title={email}>
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
              {email}
            </Typography>
          </OverflowTooltip>
        ) : null}
        {/* Under the name, not the standing: the standing has no column on a phone. */}
        <ChaseStoppedNote customer={customer} />
      </TableCell>
      <TableCell sx={shown('standing')}>
        <StandingChip standing={customer.standing} />
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {formatMoney(customer.amount_overdue, customer.currency || 'GBP')}
      </TableCell>
      <TableCell align="right" sx={{ ...numeric, ...shown('invoices') }}>
        {formatCount(customer.n_invoices)}
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {late === null || !customer.due_date ? (
          '—'
        ) : (
          // The oldest overdue due date the count starts from, for whoever wants the date itself.
          <Tooltip title={`Oldest due date: ${formatLongDate(customer.due_date)}`} describeChild>
            <span>{formatCount(late)}</span>
          </Tooltip>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...shown('last_contact') }}>
        {customer.last_chase_at ? formatLongDate(customer.last_chase_at) : 'Never'}
      </TableCell>
      <TableCell sx={shown('tags')}>
        <TagChips tags={customer.tags} max={maxTags} />
      </TableCell>
    </TableRow>
  );
}
