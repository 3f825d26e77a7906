import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { useInstanceInfo } from '../../../app/api/get-instance-info';
import { FormCard } from '../../../components/form-card';
import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { SubmitButton } from '../../../components/submit-button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { LINK_IN_LOG, MAIL_OFF } from '../mail-words';

const forgotSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
});
type ForgotValues = z.infer<typeof forgotSchema>;

/**
 * `/forgot-password`: asks for a reset link. It says the same whether or not the address has an
 * account (decision 0026), and where the link went when this server writes it to its log.
 */
export function ForgotPasswordForm({ redirectUrl }: { redirectUrl: string }) {
  const mode = useInstanceInfo().data?.account_mail;
  const request = useRequestPasswordReset();
  const { control, handleSubmit, getValues } = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit((values) => request.mutateAsync(values.email).catch(() => undefined));
  const backToSignIn = (
    <>
      Remembered it?{' '}
      <RouterLink to="/signin" search={{ redirect_url: redirectUrl }} underline="always">
        Back to sign in
      </RouterLink>
    </>
  );

  if (request.isSuccess) {
    return (
      <FormCard title="Check your email" footer={backToSignIn}>
        <Stack spacing={2.5}>
          <Alert severity={mode === 'log' ? 'info' : 'success'} role="status">
            {mode === 'log'
              ? LINK_IN_LOG
              : `If an account uses ${getValues('email')}, we have sent it a link to choose a new password. The link works for one hour.`}
          </Alert>
          <Button variant="outlined" onClick={() => request.reset()} sx={{ alignSelf: 'flex-start' }}>
            Use another address
          </Button>
        </Stack>
      </FormCard>
    );
  }

  return (
    <FormCard
      title="Forgot your password?"
      subtitle="Enter the address you sign in with and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        {mode === 'off' ? <Alert severity="warning">{MAIL_OFF}</Alert> : null}
        {request.error ? <Alert severity="error">{request.error.message}</Alert> : null}
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus disabled={mode === 'off'} />
        <SubmitButton isPending={request.isPending} disabled={request.isPending || mode === 'off'}>
          Send reset link
        </SubmitButton>
      </Stack>
    </FormCard>
  );
}
