import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useCreateCustomer } from '../../customers/api/create-customer';

const addSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200, 'Use at most 200 characters'),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use a three-letter code such as GBP').transform((s) => s.toUpperCase()),
});
type AddForm = z.input<typeof addSchema>;
const FIELDS = ['name', 'currency'] as const;

/** A customer entered by hand, in the organisation's currency unless changed; opens it when saved. */
export function AddCustomerDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const { default_currency: defaultCurrency } = useOrganisationSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<AddForm, unknown, z.output<typeof addSchema>>({
    resolver: zodResolver(addSchema),
    defaultValues: { name: '', currency: defaultCurrency },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const customer = await create.mutateAsync(values);
      notify(`${customer.name} added`, 'success');
      onClose();
      await navigate({ to: '/customers/$customerId', params: { customerId: customer.id } });
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-customer-title">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id="add-customer-title">Add a customer</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <FormTextField control={control} name="name" label="Name" required autoFocus />
            <FormTextField control={control} name="currency" label="Currency" required helperText="The currency you invoice them in." />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={create.isPending} size="medium">
            Add customer
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
