import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { formatCount } from '../../../lib/format';
import { useCustomerInvoices } from '../api/get-customer-invoices';

import { CustomerInvoiceRow, fromSm } from './customer-invoice-row';
import { CustomerSectionCard, EmptyNote } from './customer-section-card';

/**
 * The customer's invoices, open first (the API's order): number, issue and due date, days
 * overdue, the original amount, what was paid and what remains, and the state. It spans the page
 * (see customer-page.tsx), so all eight columns fit from 1280 px without scrolling sideways.
 */
export function CustomerInvoicesCard({ customerId }: { customerId: string }) {
  const invoices = useCustomerInvoices(customerId);
  const today = useOrganisationToday();
  const rows = invoices.data?.rows ?? [];
  const total = invoices.data?.total ?? 0;
  return (
    <CustomerSectionCard title="Invoices" query={invoices}>
      {rows.length === 0 ? (
        <EmptyNote>No invoices yet</EmptyNote>
      ) : (
        // Between the phone layout and 1280 px the table may still be wider than its card.
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table
            aria-label="Invoices"
            size="small"
            // Headers may wrap ("Days / overdue") so the columns are as narrow as their values.
            sx={{ '& th, & td': { px: { xs: 0.75, sm: 1 } }, '& th': { verticalAlign: 'bottom', lineHeight: 1.3 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell sx={fromSm}>Issued</TableCell>
                <TableCell>Due date</TableCell>
                <TableCell align="right" sx={fromSm}>Days overdue</TableCell>
                <TableCell align="right" sx={fromSm}>Amount</TableCell>
                <TableCell align="right" sx={fromSm}>Paid</TableCell>
                <TableCell align="right">Remaining</TableCell>
                <TableCell sx={fromSm}>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((invoice) => (
                <CustomerInvoiceRow key={invoice.id} invoice={invoice} today={today} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > rows.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Showing {formatCount(rows.length)} of {formatCount(total)} invoices.
        </Typography>
      ) : null}
    </CustomerSectionCard>
  );
}
