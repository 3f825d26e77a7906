import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Customer } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateCustomer } from '../api/update-customer';

const editSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200, 'Use at most 200 characters'),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use a three-letter code such as GBP').transform((s) => s.toUpperCase()),
});
type EditForm = z.input<typeof editSchema>;
const FIELDS = ['name', 'currency'] as const;

/** Change the customer's name and currency; the server refuses a currency its open invoices do not use. */
export function CustomerEditDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const notify = useNotify();
  const update = useUpdateCustomer(customer.id);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<EditForm, unknown, z.output<typeof editSchema>>({
    resolver: zodResolver(editSchema),
    defaultValues: { name: customer.name, currency: customer.currency },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (values.name === customer.name && values.currency === customer.currency) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ name: values.name, currency: values.currency });
      notify('Customer saved', 'success');
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-customer-title">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id="edit-customer-title">Edit customer</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <FormTextField control={control} name="name" label="Name" required autoFocus />
            <FormTextField
              control={control}
              name="currency"
              label="Currency"
              required
              helperText="Three-letter code, e.g. GBP"
              slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' } } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={update.isPending} size="medium">
            Save
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
