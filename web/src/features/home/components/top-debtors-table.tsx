import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { daysLate, type Customer } from '@receivables/contracts';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { formatCount, formatLongDate, formatMoney } from '../../../lib/format';
import { CustomerNameLink, useCustomerRowProps } from '../../customers/components/customer-row-link';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
// Phones keep Customer, Amount and Days late; the rest would force sideways scrolling.
const secondary = { display: { xs: 'none', sm: 'table-cell' } } as const;

const LOADING_ROWS = 5;

function lastContact(value: string | null): string {
  return value === null ? 'Never' : formatLongDate(value);
}

/** The top-debtors rows; each row opens the customer, by mouse or by Enter. */
export function TopDebtorsTable({ rows }: { rows: Customer[] | undefined }) {
  const today = useOrganisationToday();

  if (rows && rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No revenue data yet
      </Typography>
    );
  }

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        aria-label="Top debtors"
        aria-busy={rows === undefined}
        sx={{ '& th, & td': { px: { xs: 1, sm: 2 } }, '& th': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Customer</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right" sx={secondary}># invoices</TableCell>
            <TableCell align="right">Days late</TableCell>
            <TableCell sx={secondary}>Last contact</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined
            ? Array.from({ length: LOADING_ROWS }, (_, index) => (
              <TableRow key={index}>
                <TableCell colSpan={5} sx={{ py: 0.75 }}>
                  <LoadingSkeleton label={index === 0 ? 'Loading top debtors' : undefined} />
                </TableCell>
              </TableRow>
            ))
            : rows.map((customer) => <TopDebtorRow key={customer.id} customer={customer} today={today} />)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TopDebtorRow({ customer, today }: { customer: Customer; today: string }) {
  return (
    <TableRow {...useCustomerRowProps(customer.id)}>
      <TableCell sx={{ maxWidth: { sm: 320 } }}>
        <CustomerNameLink customerId={customer.id} name={customer.name} />
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {formatMoney(customer.amount_overdue, customer.currency || 'GBP')}
      </TableCell>
      <TableCell align="right" sx={{ ...numeric, ...secondary }}>
        {formatCount(customer.n_invoices)}
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {daysLate(customer.due_date, today) ?? 'N/A'}
      </TableCell>
      <TableCell sx={{ ...secondary, whiteSpace: 'nowrap' }}>{lastContact(customer.last_chase_at)}</TableCell>
    </TableRow>
  );
}
