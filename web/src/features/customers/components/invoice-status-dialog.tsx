import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Invoice } from '@receivables/contracts';
import { useId, useState } from 'react';

import { formatMoney } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateInvoice } from '../api/update-invoice';

/** The status changes a person makes by hand: void, write off, or undo either (decision 0042). */
export type InvoiceStatusChange = 'void' | 'uncollectible' | 'open';

interface Wording {
  title: string;
  body: string;
  confirm: string;
  done: string;
}

/**
 * What each change does to the money and to chasing, said before it is done: a void or
 * written-off invoice is no longer owed and no reminder chases it; reopened, it is both again.
 */
export function invoiceStatusWording(change: InvoiceStatusChange, invoice: Pick<Invoice, 'number' | 'amount_remaining' | 'amount_due' | 'amount_paid' | 'currency'>, customerName: string): Wording {
  const left = formatMoney(invoice.amount_remaining, invoice.currency);
  switch (change) {
    case 'void':
      return {
        title: `Void invoice ${invoice.number}?`,
        body: `For an invoice raised in error or cancelled. ${customerName} will no longer owe the ${left} left on it, and no reminder will chase it; if nothing else is overdue, chasing stops. You can reopen it later.`,
        confirm: 'Void invoice',
        done: `Invoice ${invoice.number} voided`,
      };
    case 'uncollectible':
      return {
        title: `Write off invoice ${invoice.number}?`,
        body: `For a debt you no longer expect to collect. The ${left} left on it stops counting as owed by ${customerName}, and no reminder will chase it; if nothing else is overdue, chasing stops. You can reopen it later.`,
        confirm: 'Write off',
        done: `Invoice ${invoice.number} written off`,
      };
    case 'open': {
      const owed = formatMoney(Math.max(invoice.amount_due - invoice.amount_paid, 0), invoice.currency);
      return {
        title: `Reopen invoice ${invoice.number}?`,
        body: `${customerName} will owe the ${owed} unpaid on it again, and reminders will chase it if it is overdue.`,
        confirm: 'Reopen invoice',
        done: `Invoice ${invoice.number} reopened`,
      };
    }
  }
}

interface InvoiceStatusDialogProps {
  invoice: Invoice;
  change: InvoiceStatusChange;
  customerName: string;
  onClose: () => void;
}

/** A last look before an invoice's status changes, saying what it does to what is owed and chased. */
export function InvoiceStatusDialog({ invoice, change, customerName, onClose }: InvoiceStatusDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const update = useUpdateInvoice();
  const [error, setError] = useState<string | null>(null);
  const words = invoiceStatusWording(change, invoice, customerName);
  const confirm = () => {
    setError(null);
    update.mutate(
      { id: invoice.id, status: change },
      {
        onSuccess: () => {
          notify(words.done, 'success');
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{words.title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <DialogContentText>{words.body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color={change === 'open' ? 'primary' : 'error'} disabled={update.isPending} onClick={confirm}>
          {words.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
