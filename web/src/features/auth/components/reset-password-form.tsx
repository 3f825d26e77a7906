import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormCard } from '../../../components/form-card';
import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { SubmitButton } from '../../../components/submit-button';
import { isRequestError } from '../../../lib/request-error';
import { isInvalidResetLink, useResetPassword } from '../api/reset-password';
import { NEW_PASSWORD_HINT, newPasswordSchema } from '../password-rules';

const resetSchema = z
  .object({ password: newPasswordSchema, repeat: z.string().min(1, 'Repeat the new password') })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], message: 'The two passwords are not the same' });
type ResetValues = z.infer<typeof resetSchema>;

/** A link to ask for a fresh reset link, for a link that cannot be used. */
function NewLinkAlert({ title, children }: { title: string; children: string }) {
  return (
    <Alert severity="warning">
      <AlertTitle>{title}</AlertTitle>
      {children}{' '}
      <RouterLink to="/forgot-password" search={{ redirect_url: '/' }} underline="always" color="inherit">
        Ask for a new link
      </RouterLink>
    </Alert>
  );
}

/** `/reset-password?token=…`: the new password, with sign-up's rules; then on to sign in. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<ResetValues>({ resolver: zodResolver(resetSchema), defaultValues: { password: '', repeat: '' } });

  if (!token) {
    return (
      <FormCard title="Choose a new password">
        <NewLinkAlert title="This link is not complete">Open the link from the email again, whole, or ask for a new one.</NewLinkAlert>
      </FormCard>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    const done = await reset.mutateAsync({ token, newPassword: values.password }).then(() => true, () => false);
    if (done) await navigate({ to: '/signin', search: { redirect_url: '/', notice: 'password-reset' } });
  });
  // A refused link cannot be used again: the form goes, only the way to a new link stays.
  if (isRequestError(reset.error) && isInvalidResetLink(reset.error)) {
    return (
      <FormCard title="Choose a new password">
        <NewLinkAlert title="This link can no longer be used">
          It has expired or has already been used: a reset link works once, for one hour.
        </NewLinkAlert>
      </FormCard>
    );
  }

  return (
    <FormCard title="Choose a new password" subtitle="Setting it signs you out of every device; then you sign in with the new one.">
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        {reset.error ? <Alert severity="error">{reset.error.message}</Alert> : null}
        <FormTextField
          control={control}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          helperText={NEW_PASSWORD_HINT}
          autoFocus
        />
        <FormTextField control={control} name="repeat" label="Repeat the new password" type="password" autoComplete="new-password" />
        <SubmitButton isPending={reset.isPending}>Set new password</SubmitButton>
      </Stack>
    </FormCard>
  );
}
