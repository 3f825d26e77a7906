import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { EmailSettings } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { usePermission } from '../../../app/use-permission';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateSenderSettings } from '../api/update-sender-settings';
import { SENDER_FIELDS, senderFormSchema, senderFormValues, senderUpdate, type SenderFormValues } from '../email-form-values';

import { InlineCode } from './inline-code';

/** Who reminders are from: the name and address customers see, the reply-to domain and the signature. */
export function SenderForm({ sender }: { sender: EmailSettings['sender'] }) {
  const notify = useNotify();
  const update = useUpdateSenderSettings();
  const [formError, setFormError] = useState<string | null>(null);
  // A role that may only read it sees every field disabled and no Save; the section says why (decision 0024).
  const editing = usePermission('settings');
  const { control, handleSubmit, setError, reset } = useForm<SenderFormValues>({
    resolver: zodResolver(senderFormSchema),
    defaultValues: senderFormValues(sender),
    disabled: !editing.allowed,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(senderUpdate(values));
      reset(senderFormValues(saved.sender));
      notify('Sender saved', 'success');
    } catch (error) {
      setFormError(applyServerErrors(error, SENDER_FIELDS, setError));
    }
  });

  return (
    <SectionCard title="Sender" description="Who your customers see reminders from. Sending needs a from address.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sender">
        <Stack spacing={3}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {/* Side by side only where the card is wide enough to show a whole address. */}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr', lg: 'minmax(0, 1fr)', xl: '1fr 1fr' } }}>
            <FormTextField control={control} name="from_name" label="From name" autoComplete="organization" helperText="For example: Acme Accounts" />
            <FormTextField control={control} name="from_email" label="From address" type="email" autoComplete="email" />
          </Box>
          <FormTextField
            control={control}
            name="reply_to_domain"
            label="Reply-to domain"
            helperText="Where customers’ replies go, so they show up in Activity. Leave empty to have replies go to the from address."
          />
          {/* The renderer adds no signature of its own: only the merge field places it (the starter templates end with it). */}
          <FormTextField
            control={control}
            name="signature"
            label="Signature"
            multiline
            minRows={3}
            helperText={
              <>
                Shown where a template uses <InlineCode>{'{{ signature }}'}</InlineCode>: the starter templates end with it.
              </>
            }
          />
          {editing.allowed ? (
            <div>
              <SubmitButton isPending={update.isPending} size="medium">
                Save sender
              </SubmitButton>
            </div>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}
