import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { daysLate, type Customer } from '@receivables/contracts';

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
  isSelected: boolean;
  onSelect: (selected: boolean) => void;
}

/** One customer; the row opens the customer by mouse or by Enter, the checkbox selects it. */
export function CustomerTableRow({ customer, today, isSelected, onSelect }: CustomerTableRowProps) {
  const rowProps = useCustomerRowProps(customer.id);
  const late = daysLate(customer.due_date, today);

  return (
    <TableRow {...rowProps} selected={isSelected}>
      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
        <Checkbox
          size="small"
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${customer.name}` } }}
        />
      </TableCell>
      <TableCell sx={{ maxWidth: { xs: 120, sm: 200, xl: 260 } }}>
        <CustomerNameLink customerId={customer.id} name={customer.name} />
        {customer.contact ? (
          <Typography variant="body2" noWrap sx={{ display: { xl: 'none' }, color: 'text.secondary', fontSize: '0.75rem' }}>
            {customer.contact.email}
          </Typography>
        ) : null}
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
        {late === null ? '—' : formatCount(late)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...shown('oldest_due') }}>
        {customer.due_date ? formatLongDate(customer.due_date) : '—'}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...shown('last_contact') }}>
        {customer.last_chase_at ? formatLongDate(customer.last_chase_at) : 'Never'}
      </TableCell>
      <TableCell sx={shown('tags')}>
        <TagChips tags={customer.tags} />
      </TableCell>
      <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', ...shown('email') }}>
        {customer.contact?.email ?? '—'}
      </TableCell>
    </TableRow>
  );
}
