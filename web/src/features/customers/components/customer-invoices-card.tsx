import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { formatCount, formatShortDate, formatMoney } from '../../../lib/format';
import { useCustomerInvoices } from '../api/get-customer-invoices';

import { CustomerSectionCard, EmptyNote } from './customer-section-card';
import { InvoiceStatusChip } from './invoice-status-chip';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
// Phones and the two-column desktop layout keep number, status, due date, remaining and the link.
const secondary = { display: { xs: 'none', sm: 'table-cell', lg: 'none', xl: 'table-cell' } } as const;
// On phones the status sits under the number instead of in its own column.
const statusColumn = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The customer's invoices, open first (the API's order). */
export function CustomerInvoicesCard({ customerId }: { customerId: string }) {
  const invoices = useCustomerInvoices(customerId);
  const rows = invoices.data?.rows ?? [];
  const total = invoices.data?.total ?? 0;
  // The link column only when there is a link to show.
  const hasLinks = rows.some((invoice) => invoice.payment_url);
  return (
    <CustomerSectionCard title="Invoices" query={invoices}>
      {rows.length === 0 ? (
        <EmptyNote>No invoices yet</EmptyNote>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table aria-label="Invoices" size="small" sx={{ '& th, & td': { px: { xs: 0.75, sm: 1.5 } }, '& th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell sx={statusColumn}>Status</TableCell>
                <TableCell sx={secondary}>Issued</TableCell>
                <TableCell>Due date</TableCell>
                <TableCell align="right" sx={secondary}>Amount due</TableCell>
                <TableCell align="right">Remaining</TableCell>
                {hasLinks ? <TableCell>Pay</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                    {invoice.number}
                    <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                      <InvoiceStatusChip status={invoice.status} />
                    </Box>
                  </TableCell>
                  <TableCell sx={statusColumn}>
                    <InvoiceStatusChip status={invoice.status} />
                  </TableCell>
                  <TableCell sx={{ ...secondary, whiteSpace: 'nowrap' }}>{formatShortDate(invoice.issued_on)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(invoice.due_date)}</TableCell>
                  <TableCell align="right" sx={{ ...numeric, ...secondary }}>{formatMoney(invoice.amount_due, invoice.currency)}</TableCell>
                  <TableCell align="right" sx={numeric}>{formatMoney(invoice.amount_remaining, invoice.currency)}</TableCell>
                  {hasLinks ? (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {invoice.payment_url ? (
                        <MuiLink
                          href={invoice.payment_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Pay link for ${invoice.number} (opens in a new tab)`}
                          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                        >
                          Pay link
                          <OpenInNewRounded sx={{ fontSize: 16 }} aria-hidden />
                        </MuiLink>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
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
