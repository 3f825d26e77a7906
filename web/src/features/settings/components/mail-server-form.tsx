import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { EmailSettings, MailServerTestResult } from '@receivables/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { usePermission } from '../../../app/use-permission';
import { ChoiceGroup } from '../../../components/choice-group';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useTestMailServer } from '../api/test-mail-server';
import { useUpdateMailServer } from '../api/update-mail-server';
import {
  MAIL_SERVER_FIELDS,
  mailServerFormSchema,
  mailServerFormValues,
  mailServerUpdate,
  type MailServerFormValues,
} from '../email-form-values';

import { MailServerFields } from './mail-server-fields';
import { MailServerTestAlert } from './mail-server-test-alert';

const IN_USE: Record<NonNullable<EmailSettings['mail_server']['in_use']> | 'none', { label: string; color: 'success' | 'default' | 'warning' }> = {
  organisation: { label: 'Your own server', color: 'success' },
  instance: { label: 'Default server', color: 'success' },
  none: { label: 'Not set up', color: 'warning' },
};

const SOURCES = [
  { value: 'instance', label: 'The server’s default mail server', hint: 'Set up by whoever runs this installation. Nothing to enter.' },
  { value: 'organisation', label: 'Our own mail server', hint: 'Your provider’s SMTP server, so mail leaves from your own systems.' },
] as const;

/** Which SMTP server takes the organisation's mail, with a test that reports the server's own answer. */
export function MailServerForm({ server }: { server: EmailSettings['mail_server'] }) {
  const notify = useNotify();
  const update = useUpdateMailServer();
  const test = useTestMailServer();
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<MailServerTestResult | null>(null);
  // A role that may only read it sees the server disabled, with neither Save nor Test: the API
  // refuses both to it alike (decision 0024).
  const editing = usePermission('settings');
  const { control, handleSubmit, setError, reset, getValues, setValue } = useForm<MailServerFormValues>({
    resolver: zodResolver(mailServerFormSchema),
    defaultValues: mailServerFormValues(server),
    disabled: !editing.allowed,
  });
  const source = useWatch({ control, name: 'source' });
  const inUse = IN_USE[server.in_use ?? 'none'];

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(mailServerUpdate(values));
      reset(mailServerFormValues(saved.mail_server));
      notify('Mail server saved', 'success');
    } catch (error) {
      setFormError(applyServerErrors(error, MAIL_SERVER_FIELDS, setError));
    }
  });

  const onTest = handleSubmit(async (values) => {
    setFormError(null);
    setResult(null);
    try {
      setResult(await test.mutateAsync(mailServerUpdate(values)));
    } catch (error) {
      setFormError(applyServerErrors(error, MAIL_SERVER_FIELDS, setError));
    }
  });

  return (
    <SectionCard
      title="Mail server"
      titleAside={<Chip label={inUse.label} color={inUse.color} size="small" variant="outlined" />}
      description="The SMTP server that hands your reminders to your customers’ mail servers."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Mail server">
        <Stack spacing={3}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {server.instance_available ? (
            <Controller
              control={control}
              name="source"
              render={({ field }) => (
                <ChoiceGroup
                  label="Send through"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  options={SOURCES}
                  inputRef={field.ref}
                  disabled={field.disabled}
                />
              )}
            />
          ) : (
            <Alert severity="info">This installation has no default mail server: enter your own to send.</Alert>
          )}
          {source === 'organisation' ? (
            <MailServerFields control={control} getValues={getValues} setValue={setValue} hasPassword={server.own?.has_password ?? false} />
          ) : null}
          {result ? <MailServerTestAlert result={result} /> : null}
          {editing.allowed ? (
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <SubmitButton isPending={update.isPending} size="medium">
                Save mail server
              </SubmitButton>
              <Button
                variant="outlined"
                onClick={() => void onTest()}
                disabled={test.isPending}
                startIcon={test.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Test connection
              </Button>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}
