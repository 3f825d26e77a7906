import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { currencyExponent, organisationToday, toMinorUnits } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { type SyntheticEvent, useId, useState } from 'react';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { useOrganisationToday } from '../../../app/use-organisation-today';
import { DatePicker } from '../../../components/date-picker';
import { SubmitButton } from '../../../components/submit-button';
import { readAmount } from '../../../lib/amount-input';
import { isRequestError } from '../../../lib/api-client';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useCreatePayment } from '../api/create-payment';
import { useCustomerInvoices } from '../api/get-customer-invoices';

const ON_ACCOUNT = 'on-account';

interface RecordPaymentDialogProps {
  customerId: string;
  currency: string;
  onClose: () => void;
}

type Field = 'amount' | 'paid_at' | 'invoice_id' | 'external_id';

/**
 * An instant on `day` in the organisation's zone: midday UTC, moved for the zones where that is
 * another day (the far east of the Pacific), so the server files it on the day chosen.
 */
function instantOn(day: string, timeZone: string): string {
  const noon = Date.parse(`${day}T12:00:00Z`);
  const at = [0, -6, 6, -11, 11].map((h) => new Date(noon + h * 3_600_000)).find((d) => organisationToday(timeZone, d) === day);
  return (at ?? new Date(noon)).toISOString();
}

/**
 * Record money received by hand (issue 30, the customer page as a desk): how much, the day it
 * arrived (today or earlier, decision 0037), the invoice it pays or on account — then the open
 * invoices oldest due first, the rest held as credit — and a reference. The server's reasons for
 * refusing show on their fields.
 */
export function RecordPaymentDialog({ customerId, currency, onClose }: RecordPaymentDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreatePayment();
  const today = useOrganisationToday();
  const { time_zone: timeZone } = useOrganisationSettings();
  // The invoices card has them already on the customer's page; the open ones with money left are offered.
  const invoices = useCustomerInvoices(customerId);
  const open = (invoices.data?.rows ?? []).filter((i) => i.status === 'open' && i.amount_remaining > 0);
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState<Dayjs | null>(dayjs(today));
  const [invoiceId, setInvoiceId] = useState(ON_ACCOUNT);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const major = readAmount(amount, currency);
    const paidOn = day?.isValid() ? day.format('YYYY-MM-DD') : null;
    const found: Partial<Record<Field, string>> = {};
    // Worded for a field that must be filled, unlike the filters' optional amounts.
    if (major === null || major <= 0) found.amount = currencyExponent(currency) > 0 ? 'Enter an amount such as 250 or 1,250.50' : 'Enter a whole amount such as 1500';
    if (paidOn === null) found.paid_at = 'Enter the day the money arrived';
    else if (paidOn > today) found.paid_at = 'A payment cannot be recorded before the day it arrives';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || major === null || paidOn === null) return;
    try {
      await create.mutateAsync({
        customer_id: customerId,
        amount: toMinorUnits(major, currency),
        currency,
        // Today: the moment of recording; an earlier day: that day in the organisation's zone.
        ...(paidOn === today ? {} : { paid_at: instantOn(paidOn, timeZone) }),
        ...(invoiceId === ON_ACCOUNT ? {} : { invoice_id: invoiceId }),
        ...(reference.trim() ? { external_id: reference.trim() } : {}),
      });
      notify(`Payment of ${formatMoney(toMinorUnits(major, currency), currency)} recorded`, 'success');
      onClose();
    } catch (error) {
      if (!isRequestError(error)) {
        setFormError('Something went wrong. Please try again.');
        return;
      }
      const placed: Partial<Record<Field, string>> = {};
      for (const issue of error.details) {
        if (issue.field === 'amount' || issue.field === 'paid_at' || issue.field === 'invoice_id' || issue.field === 'external_id') placed[issue.field] = issue.reason;
      }
      setErrors(placed);
      setFormError(Object.keys(placed).length === error.details.length && error.details.length > 0 ? null : error.message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Record a payment</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              label={`Amount (${currency})`}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={errors.amount !== undefined}
              helperText={errors.amount}
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            />
            <DatePicker
              label="Received on"
              value={day}
              onChange={setDay}
              maxDate={dayjs(today)}
              slotProps={{ textField: { required: true, error: errors.paid_at !== undefined, helperText: errors.paid_at } }}
            />
            <TextField
              select
              label="Pays"
              value={invoiceId}
              onChange={(event) => setInvoiceId(event.target.value)}
              error={errors.invoice_id !== undefined}
              helperText={errors.invoice_id ?? (invoiceId === ON_ACCOUNT ? 'Goes to the open invoices oldest due first; anything over is kept as credit.' : undefined)}
            >
              <MenuItem value={ON_ACCOUNT}>On account</MenuItem>
              {open.map((invoice) => (
                <MenuItem key={invoice.id} value={invoice.id}>
                  {invoice.number} · {formatMoney(invoice.amount_remaining, invoice.currency)} left · due {formatLongDate(invoice.due_date)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={errors.external_id !== undefined}
              helperText={errors.external_id ?? 'Optional: the bank reference or cheque number'}
              slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={create.isPending} size="medium">
            Record payment
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
