import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addDays, formatMajorUnits, type Invoice, toMinorUnits } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { type SyntheticEvent, useId, useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { DatePicker } from '../../../components/date-picker';
import { SubmitButton } from '../../../components/submit-button';
import { readAmount } from '../../../lib/amount-input';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useCreateInvoice } from '../api/create-invoice';
import { useUpdateInvoice } from '../api/update-invoice';
import { checkInvoiceDraft, type InvoiceFieldErrors, invoiceErrorsFrom } from '../invoice-form';

/** Terms most invoices carry; the organisation keeps none, so a new invoice starts at 30 days (decision 0042). */
const DEFAULT_TERMS_DAYS = 30;

type InvoiceFormDialogProps =
  | { customerId: string; currency: string; invoice?: undefined; onClose: () => void }
  | { customerId: string; currency: string; invoice: Invoice; onClose: () => void };

const asDay = (value: Dayjs | null): string => (value?.isValid() ? value.format('YYYY-MM-DD') : '');

/**
 * Add an invoice by hand, or change one (issue 30, the customer page as a desk; decision 0042):
 * its number, amount in the customer's currency, issue and due dates and an optional pay link. An
 * existing invoice keeps its number and issue date — the API changes neither — so they are shown,
 * not offered. The server's reasons for refusing show on their fields, as in the payment dialog.
 */
export function InvoiceFormDialog({ customerId, currency, invoice, onClose }: InvoiceFormDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const today = useOrganisationToday();
  const [number, setNumber] = useState(invoice?.number ?? '');
  const [amount, setAmount] = useState(invoice ? formatMajorUnits(invoice.amount_due, currency) : '');
  const [issuedOn, setIssuedOn] = useState<Dayjs | null>(dayjs(invoice?.issued_on ?? today));
  const [dueDate, setDueDate] = useState<Dayjs | null>(dayjs(invoice?.due_date ?? addDays(today, DEFAULT_TERMS_DAYS)));
  const [paymentUrl, setPaymentUrl] = useState(invoice?.payment_url ?? '');
  const [errors, setErrors] = useState<InvoiceFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isPending = create.isPending || update.isPending;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkInvoiceDraft({ number, amount, issuedOn: asDay(issuedOn), dueDate: asDay(dueDate), paymentUrl }, currency);
    setErrors(checked.errors);
    setFormError(null);
    if (!checked.invoice) return;
    const { payment_url: link, ...fields } = checked.invoice;
    try {
      if (invoice) {
        // Only what changed is sent: an unchanged amount is not re-checked against payments since.
        await update.mutateAsync({
          id: invoice.id,
          ...(fields.amount_due !== invoice.amount_due ? { amount_due: fields.amount_due } : {}),
          ...(fields.due_date !== invoice.due_date ? { due_date: fields.due_date } : {}),
          ...(link !== invoice.payment_url ? { payment_url: link } : {}),
        });
        notify(`Invoice ${invoice.number} saved`, 'success');
      } else {
        await create.mutateAsync({ customer_id: customerId, currency, ...fields, ...(link ? { payment_url: link } : {}) });
        notify(`Invoice ${fields.number} for ${formatMoney(fields.amount_due, currency)} added`, 'success');
      }
      onClose();
    } catch (error) {
      const placed = invoiceErrorsFrom(error);
      setErrors(placed.errors);
      setFormError(placed.formError);
    }
  };

  // An edit that changes nothing has nothing to save.
  const unchanged =
    invoice !== undefined &&
    readAmount(amount, currency) !== null &&
    toMinorUnits(readAmount(amount, currency) ?? 0, currency) === invoice.amount_due &&
    asDay(dueDate) === invoice.due_date &&
    (paymentUrl.trim() || null) === invoice.payment_url;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{invoice ? `Edit invoice ${invoice.number}` : 'Add an invoice'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {invoice ? (
              <Typography variant="body2" color="text.secondary">
                Issued {formatLongDate(invoice.issued_on)}
                {invoice.amount_paid > 0 ? ` · ${formatMoney(invoice.amount_paid, currency)} paid so far` : ''}
              </Typography>
            ) : (
              <TextField
                label="Invoice number"
                value={number}
                onChange={(event) => setNumber(event.target.value)}
                error={errors.number !== undefined}
                helperText={errors.number}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
              />
            )}
            <TextField
              label={`Amount (${currency})`}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={errors.amount_due !== undefined}
              helperText={errors.amount_due ?? (invoice ? 'The whole invoice, before anything paid' : undefined)}
              required
              autoFocus={invoice !== undefined}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            />
            {invoice ? null : (
              <DatePicker
                label="Issued on"
                value={issuedOn}
                onChange={setIssuedOn}
                slotProps={{ textField: { required: true, error: errors.issued_on !== undefined, helperText: errors.issued_on } }}
              />
            )}
            <DatePicker
              label="Due on"
              value={dueDate}
              onChange={setDueDate}
              minDate={issuedOn?.isValid() ? issuedOn : undefined}
              slotProps={{
                textField: { required: true, error: errors.due_date !== undefined, helperText: errors.due_date ?? 'Overdue from the day after, and chased from then' },
              }}
            />
            <TextField
              label="Payment link"
              value={paymentUrl}
              onChange={(event) => setPaymentUrl(event.target.value)}
              error={errors.payment_url !== undefined}
              helperText={errors.payment_url ?? 'Optional: where the customer can pay it online, for reminders to link to'}
              slotProps={{ htmlInput: { inputMode: 'url', maxLength: 2000, autoComplete: 'off' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={isPending} size="medium" disabled={isPending || unchanged}>
            {invoice ? 'Save changes' : 'Add invoice'}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
