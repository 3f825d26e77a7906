import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Contact, ContactRole } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useUpsertContact } from '../api/upsert-contact';

export const contactFormSchema = z.object({
  name: z.string().trim().max(200, 'Use at most 200 characters'),
  email: z.string().trim().min(1, 'Enter an email address').pipe(z.email('Enter a valid email address')).pipe(z.string().max(320)),
  phone: z.string().trim().max(50, 'Use at most 50 characters'),
});
type ContactForm = z.infer<typeof contactFormSchema>;
const FIELDS = ['name', 'email', 'phone'] as const;

export const ROLE_LABEL: Record<ContactRole, string> = { primary: 'Primary', escalation: 'Escalation' };

interface ContactDialogProps {
  customerId: string;
  role: ContactRole;
  contact: Contact | null;
  onClose: () => void;
}

/** Add or edit the primary or escalation contact; mounted only while open, so it starts fresh. */
export function ContactDialog({ customerId, role, contact, onClose }: ContactDialogProps) {
  const notify = useNotify();
  const upsert = useUpsertContact(customerId);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '' },
  });
  const title = `${contact ? 'Edit' : 'Add'} ${ROLE_LABEL[role].toLowerCase()} contact`;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await upsert.mutateAsync({
        role,
        email: values.email,
        ...(values.name ? { name: values.name } : {}),
        ...(values.phone ? { phone: values.phone } : {}),
      });
      notify(`${ROLE_LABEL[role]} contact saved`, 'success');
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contact-dialog-title">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id="contact-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <FormTextField control={control} name="name" label="Name" autoComplete="name" autoFocus />
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
            <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={upsert.isPending} size="medium">
            Save
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
