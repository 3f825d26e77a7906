import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormCard } from '../../../components/form-card';
import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { SubmitButton } from '../../../components/submit-button';
import { useSignIn } from '../api/sign-in';
import { useContinueAfterSignIn } from '../use-continue-after-sign-in';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Enter your password'),
});
type SignInValues = z.infer<typeof signInSchema>;

/** Email + password sign-in; then on to the organisation choice or the page asked for. */
export function SignInForm({ redirectUrl, notice }: { redirectUrl: string; notice?: 'password-reset' | undefined }) {
  const continueAfterSignIn = useContinueAfterSignIn(redirectUrl);
  const signIn = useSignIn();
  const { control, handleSubmit } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const session = await signIn.mutateAsync(values).catch(() => undefined);
    if (session) await continueAfterSignIn(session);
  });

  return (
    <FormCard
      title="Sign in"
      subtitle="Welcome back. Sign in to see who owes you and what is being chased."
      footer={
        <>
          New here?{' '}
          <RouterLink to="/signup" search={{ redirect_url: redirectUrl }} underline="always">
            Create an account
          </RouterLink>
        </>
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        {signIn.error ? <Alert severity="error">{signIn.error.message}</Alert> : null}
        {notice === 'password-reset' && !signIn.error ? (
          <Alert severity="success" role="status">
            Your password has been changed. Sign in with the new one.
          </Alert>
        ) : null}
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
        <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" />
        {/* After the field, before the button: found by someone stuck on the password, in tab order. */}
        <RouterLink to="/forgot-password" search={{ redirect_url: redirectUrl }} underline="always" variant="body2" sx={{ alignSelf: 'flex-start' }}>
          Forgot password?
        </RouterLink>
        <SubmitButton isPending={signIn.isPending}>Sign in</SubmitButton>
      </Stack>
    </FormCard>
  );
}
