import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Payment } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { WhyDisabled } from '../../../components/why-disabled';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useCustomerPayments } from '../api/get-customer-payments';
import { type PaidWithoutPayment, paidWithoutPaymentSentences } from '../paid-without-payment';
import { onAccountText, paymentNote } from '../payment-note';

import { CustomerSectionCard, EmptyNote } from './customer-section-card';
import { RecordPaymentDialog } from './record-payment-dialog';

/**
 * Payments received from the customer and its Stripe credit notes, newest first (the API's order);
 * a payment on account says which invoices it went to, and what it left as credit. Under them,
 * the invoices marked paid by an import, Stripe or another system without a payment to show.
 */
interface CustomerPaymentsCardProps {
  customerId: string;
  currency: string;
  /** The customer's invoices marked paid without a payment here (decision 0042); the page reads them for both cards. */
  paidWithoutPayments?: readonly PaidWithoutPayment[];
}

export function CustomerPaymentsCard({ customerId, currency, paidWithoutPayments = [] }: CustomerPaymentsCardProps) {
  const payments = useCustomerPayments(customerId);
  // Recording money received is a change to the customer's records (decision 0024).
  const recording = usePermission('customers');
  const [isRecording, setRecording] = useState(false);
  const rows = payments.data?.rows ?? [];
  // Invoices marked paid elsewhere, so that "Paid" on one and nothing here never disagree (decision 0042).
  const unrecorded = paidWithoutPaymentSentences(paidWithoutPayments);
  return (
    <>
      <CustomerSectionCard
        title="Payments"
        query={payments}
        action={
          <WhyDisabled reason={recording.reason}>
            <Button size="small" variant="outlined" onClick={() => setRecording(true)} aria-haspopup="dialog" disabled={!recording.allowed} sx={{ flex: 'none' }}>
              Record a payment
            </Button>
          </WhyDisabled>
        }
      >
        {rows.length === 0 && unrecorded.length === 0 ? <EmptyNote>No payments recorded</EmptyNote> : null}
        {rows.length === 0 && unrecorded.length > 0 ? (
          <Typography sx={{ fontWeight: 500, pt: 1 }}>No payments recorded here</Typography>
        ) : null}
        {rows.length === 0 ? null : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table aria-label="Payments" size="small" sx={{ '& th, & td': { px: { xs: 0.75, sm: 1.5 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Invoice</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((payment) => (
                  <TableRow key={payment.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLongDate(payment.paid_at)}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatMoney(payment.amount, payment.currency)}
                      <PaymentNote payment={payment} />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {payment.invoice_number ?? onAccountText(payment.amount, payment.currency, payment.allocations)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {unrecorded.map((sentence) => (
          <Typography key={sentence} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {sentence}
          </Typography>
        ))}
      </CustomerSectionCard>
      {isRecording ? (
        <RecordPaymentDialog customerId={customerId} currency={currency} onClose={() => setRecording(false)} />
      ) : null}
    </>
  );
}

/** Under the amount, quietly: a credit note named as one, or what of a payment was refunded. */
function PaymentNote({ payment }: { payment: Payment }) {
  const note = paymentNote(payment);
  if (note === null) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {note}
    </Typography>
  );
}
