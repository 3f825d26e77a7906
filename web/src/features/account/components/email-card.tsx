import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountMailMode } from '@receivables/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { StatusChip } from '../../../components/status-chip';
import { SubmitButton } from '../../../components/submit-button';
import { LINK_IN_LOG, MAIL_OFF } from '../../auth/mail-words';
import { useChangeEmail } from '../api/change-email';
import { useSendVerificationEmail } from '../api/send-verification-email';

interface EmailCardProps {
  email: string;
  isVerified: boolean;
  mailMode: AccountMailMode;
}

/** The sign-in address: whether it is confirmed, and a change that waits for the new address's link. */
export function EmailCard({ email, isVerified, mailMode }: EmailCardProps) {
  const change = useChangeEmail();
  const resend = useSendVerificationEmail();
  const schema = z.object({
    newEmail: z
      .string()
      .trim()
      .min(1, 'Enter the new address')
      .pipe(z.email('Enter a valid email address'))
      .refine((value) => value.toLowerCase() !== email.toLowerCase(), 'This is already your address'),
  });
  const { control, handleSubmit, getValues } = useForm<{ newEmail: string }>({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });
  const onSubmit = handleSubmit((values) => change.mutateAsync(values.newEmail).catch(() => undefined));
  // Only asked for when a link can really arrive; a server that logs its links does not ask (decision 0026).
  const asksToConfirm = !isVerified && mailMode === 'smtp';

  return (
    <SectionCard
      title="Email address"
      titleAside={isVerified ? <StatusChip label="Confirmed" color="success" /> : asksToConfirm ? <StatusChip label="Not confirmed" color="warning" /> : null}
      description="You sign in with it, and password resets are sent to it."
    >
      <Stack spacing={2}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{email}</Typography>
        {asksToConfirm ? (
          // The button under the words, not beside them: beside, it is squeezed to three lines on a phone.
          <Alert severity="info">
            {resend.isSuccess ? `We sent a new link to ${email}.` : 'Please confirm your address: follow the link we emailed you when you signed up.'}
            {resend.error ? ` ${resend.error.message}` : ''}
            {resend.isSuccess ? null : (
              <Button color="inherit" size="small" variant="outlined" onClick={() => resend.mutate(email)} disabled={resend.isPending} sx={{ display: 'flex', mt: 1 }}>
                Send the link again
              </Button>
            )}
          </Alert>
        ) : null}
        <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Change your email address">
          {mailMode === 'off' ? <Alert severity="warning">{MAIL_OFF}</Alert> : null}
          {change.error ? <Alert severity="error">{change.error.message}</Alert> : null}
          {change.isSuccess ? (
            <Alert severity={mailMode === 'log' ? 'info' : 'success'} role="status">
              {mailMode === 'log'
                ? LINK_IN_LOG
                : `We sent a confirmation link to ${getValues('newEmail')}. Your address changes when you follow it; until then you sign in with ${email}.`}
            </Alert>
          ) : null}
          <FormTextField control={control} name="newEmail" label="New email address" type="email" autoComplete="email" disabled={mailMode === 'off'} />
          <SubmitButton isPending={change.isPending} disabled={change.isPending || mailMode === 'off'} size="medium" sx={{ alignSelf: 'flex-start' }}>
            Send confirmation link
          </SubmitButton>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
