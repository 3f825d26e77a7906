import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Invoice } from '@receivables/contracts';
import { useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { usePermission } from '../../../app/use-permission';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { WhyDisabled } from '../../../components/why-disabled';
import { formatCount } from '../../../lib/format';
import { useCustomerInvoices } from '../api/get-customer-invoices';
import type { PaidWithoutPayment } from '../paid-without-payment';

import { CustomerInvoiceRow, fromSm } from './customer-invoice-row';
import { CustomerSectionCard, EmptyNote } from './customer-section-card';
import type { InvoiceAction } from './invoice-actions-menu';
import { InvoiceFormDialog } from './invoice-form-dialog';
import { InvoiceStatusDialog } from './invoice-status-dialog';

interface CustomerInvoicesCardProps {
  customerId: string;
  customerName: string;
  currency: string;
  /** Its invoices marked paid without a payment to show (decision 0042); the page reads them for both cards. */
  paidWithoutPayments?: readonly PaidWithoutPayment[];
}

/** The dialog open over the card: adding one, or acting on one from its row's menu. */
type Open = { kind: 'add' } | { kind: 'action'; invoice: Invoice; action: InvoiceAction } | null;

/**
 * The customer's invoices, open first (the API's order): number, issue and due date, days
 * overdue, the original amount, what was paid and what remains, and the state. It spans the page
 * (see customer-page.tsx), so all eight columns fit from 1280 px without scrolling sideways. Whoever
 * keeps the customer's money (decision 0024) adds invoices by hand and acts on each from its row's
 * menu (decision 0042).
 */
export function CustomerInvoicesCard({ customerId, customerName, currency, paidWithoutPayments = [] }: CustomerInvoicesCardProps) {
  const invoices = useCustomerInvoices(customerId);
  const today = useOrganisationToday();
  const changing = usePermission('customers');
  const [open, setOpen] = useState<Open>(null);
  const rows = invoices.data?.rows ?? [];
  const total = invoices.data?.total ?? 0;
  const close = () => setOpen(null);
  // On a phone the row's menu sits under its number: a fourth column would squeeze the due date.
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const onAction = changing.allowed ? (invoice: Invoice) => (action: InvoiceAction) => setOpen({ kind: 'action', invoice, action }) : undefined;
  return (
    <>
      <CustomerSectionCard
        title="Invoices"
        query={invoices}
        action={
          <WhyDisabled reason={changing.reason}>
            <Button size="small" variant="outlined" onClick={() => setOpen({ kind: 'add' })} aria-haspopup="dialog" disabled={!changing.allowed} sx={{ flex: 'none' }}>
              Add an invoice
            </Button>
          </WhyDisabled>
        }
      >
        {rows.length === 0 ? (
          <EmptyNote>No invoices yet</EmptyNote>
        ) : (
          // Between the phone layout and 1280 px the table may still be wider than its card.
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              aria-label="Invoices"
              size="small"
              // Headers may wrap ("Days / overdue") so the columns are as narrow as their values; the
              // cells keep 6 px a side until 1536 px, which leaves the row's menu room at 1280.
              sx={{ '& th, & td': { px: { xs: 0.75, xl: 1 } }, '& th': { verticalAlign: 'bottom', lineHeight: 1.3 } }}
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
                  {onAction && !isPhone ? (
                    <TableCell sx={{ '&&': { px: 0 } }}>
                      <Box component="span" sx={VISUALLY_HIDDEN}>
                        Actions
                      </Box>
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((invoice) => (
                  <CustomerInvoiceRow
                    key={invoice.id}
                    invoice={invoice}
                    today={today}
                    unrecorded={paidWithoutPayments.find((gap) => gap.invoice.id === invoice.id)}
                    onAction={onAction?.(invoice)}
                    menu={onAction ? (isPhone ? 'number' : 'column') : 'none'}
                  />
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
      {open?.kind === 'add' ? <InvoiceFormDialog customerId={customerId} currency={currency} onClose={close} /> : null}
      {open?.kind === 'action' && open.action.kind === 'edit' ? (
        <InvoiceFormDialog customerId={customerId} currency={open.invoice.currency} invoice={open.invoice} onClose={close} />
      ) : null}
      {open?.kind === 'action' && open.action.kind === 'status' ? (
        <InvoiceStatusDialog invoice={open.invoice} change={open.action.change} customerName={customerName} onClose={close} />
      ) : null}
    </>
  );
}
