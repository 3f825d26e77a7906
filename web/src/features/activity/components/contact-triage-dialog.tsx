import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import type { EventDetail, InboundEmailDetail } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { describeTriageConfirmation, type TriageConfirmation } from '../triage-words';

import { TriageDialogFrame, useTriageSubmit } from './triage-dialog-frame';

const contactSchema = z.object({
  email: z.string().trim().min(1, 'Enter an email address').pipe(z.email('Enter a valid email address')).pipe(z.string().max(320)),
  name: z.string().trim().max(200, 'Use at most 200 characters'),
});
type ContactForm = z.infer<typeof contactSchema>;
const FIELDS = ['email', 'name'] as const;

interface ContactTriageDialogProps {
  event: EventDetail;
  reply: InboundEmailDetail;
  /** The address the message names (a new contact, a stand-in), filled in; a person may change it. */
  contact: { email: string; name: string | null } | null;
  /** Other words than "Replace the contact?" (an out-of-office's stand-in). */
  words?: Partial<TriageConfirmation>;
  onClose: () => void;
}

/** Make an address the customer's primary contact, as a reply asks or an out-of-office suggests. */
export function ContactTriageDialog({ event, reply, contact, words, onClose }: ContactTriageDialogProps) {
  const today = useOrganisationToday();
  const { submit, isPending } = useTriageSubmit(event, reply, onClose);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ContactForm>({
    resolver: zodResolver(contactSchema),
    defaultValues: { email: contact?.email ?? '', name: contact?.name ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const refusal = await submit({ action: 'replace_contact', email: values.email, ...(values.name ? { name: values.name } : {}) });
    if (refusal) setFormError(applyServerErrors(refusal, FIELDS, setError));
  });

  return (
    <TriageDialogFrame
      {...describeTriageConfirmation('replace_contact', event.customer_name, today)}
      {...words}
      isPending={isPending}
      error={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" required />
        <FormTextField control={control} name="name" label="Name" autoComplete="off" />
      </Stack>
    </TriageDialogFrame>
  );
}
