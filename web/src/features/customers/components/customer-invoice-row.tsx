import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@receivables/contracts';

import { formatCount, formatDateTime, formatLongDate, formatMoney } from '../../../lib/format';
import { invoiceDaysOverdue, invoiceDisplayStatus } from '../invoice-status';
import { type PaidWithoutPayment, paidWithoutPaymentNote } from '../paid-without-payment';

import { hasInvoiceActions, type InvoiceAction, InvoiceActionsMenu } from './invoice-actions-menu';
import { InvoiceDisplayStatusChip } from './invoice-display-status-chip';

export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Phones keep number (with the status under it), due date and remaining; the rest from 600 px. */
export const fromSm = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** On a phone even those three only fit when a long number or date may break onto a second line. */
const phoneWraps = { whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflowWrap: 'anywhere' } as const;

interface CustomerInvoiceRowProps {
  invoice: Invoice;
  today: string;
  /** Paid money no listed payment accounts for (decision 0042), said under the status. */
  unrecorded: PaidWithoutPayment | undefined;
  /** The row menu's choice; absent for someone whose role may not change invoices. */
  onAction: ((action: InvoiceAction) => void) | undefined;
  /**
   * Where the row's menu sits: a column of its own on a desk; on a phone beside the status under
   * the number, so the due date keeps the room it needs; none without `onAction`.
   */
  menu: 'column' | 'number' | 'none';
}

/** One invoice: its dates, how late it is, its money in three columns, its state, and what may be done to it. */
export function CustomerInvoiceRow({ invoice, today, unrecorded, onAction, menu }: CustomerInvoiceRowProps) {
  const status = invoiceDisplayStatus(invoice, today);
  const late = invoiceDaysOverdue(invoice, today);
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const actions = onAction && hasInvoiceActions(invoice) ? <InvoiceActionsMenu invoice={invoice} onAction={onAction} /> : null;
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 500, ...phoneWraps }}>
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {invoice.number}
          {invoice.payment_url ? (
            <MuiLink
              href={invoice.payment_url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Pay link for ${invoice.number} (opens in a new tab)`}
              title="Pay link (opens in a new tab)"
              sx={{ display: 'inline-flex', p: 0.25 }}
            >
              <OpenInNewRounded sx={{ fontSize: 16 }} aria-hidden />
            </MuiLink>
          ) : null}
        </Box>
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 0.5 }}>
            <InvoiceDisplayStatusChip status={status} />
            {menu === 'number' ? actions : null}
          </Box>
          <StripeRetryNote invoice={invoice} />
          <UnrecordedNote gap={unrecorded} />
        </Box>
      </TableCell>
      <TableCell sx={{ ...fromSm, whiteSpace: 'nowrap' }}>{formatLongDate(invoice.issued_on)}</TableCell>
      <TableCell sx={phoneWraps}>{formatLongDate(invoice.due_date)}</TableCell>
      <TableCell align="right" sx={{ ...numeric, ...fromSm, color: late ? 'error.main' : 'text.secondary' }}>
        {late === null ? '—' : formatCount(late)}
      </TableCell>
      <TableCell align="right" sx={{ ...numeric, ...fromSm }}>{money(invoice.amount_due)}</TableCell>
      <TableCell align="right" sx={{ ...numeric, ...fromSm }}>{money(invoice.amount_paid)}</TableCell>
      <TableCell align="right" sx={{ ...numeric, fontWeight: 500 }}>{money(invoice.amount_remaining)}</TableCell>
      <TableCell sx={fromSm}>
        <InvoiceDisplayStatusChip status={status} />
        <StripeRetryNote invoice={invoice} />
        <UnrecordedNote gap={unrecorded} />
      </TableCell>
      {menu === 'column' ? (
        // No padding of its own ('&&' outranks the table's): the 1280 px layout has no room to spare.
        <TableCell align="right" sx={{ width: 28, py: 0, '&&': { px: 0 } }}>
          {actions}
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** While Stripe retries the card for an invoice, when it tries next: the invoice's reminders wait for it (decision 0023). */
function StripeRetryNote({ invoice }: { invoice: Invoice }) {
  if (!invoice.payment_retry_at || invoice.status !== 'open') return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, whiteSpace: 'normal' }}>
      Stripe retries the card {formatDateTime(invoice.payment_retry_at)}; reminders wait
    </Typography>
  );
}

/** Why a paid invoice has no payment on the Payments card: who marked it paid (decision 0042). */
function UnrecordedNote({ gap }: { gap: PaidWithoutPayment | undefined }) {
  if (!gap) return null;
  return (
    // As narrow as the status chips: any wider and the row's menu no longer fits at 1280 px.
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, whiteSpace: 'normal' }}>
      {paidWithoutPaymentNote(gap)}
    </Typography>
  );
}
