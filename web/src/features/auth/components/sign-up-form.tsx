import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { useInstanceInfo } from '../../../app/api/get-instance-info';
import { FormCard } from '../../../components/form-card';
import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { SubmitButton } from '../../../components/submit-button';
import { AddressMayHaveAccountError, useSignUp } from '../api/sign-up';
import { NEW_PASSWORD_HINT, newPasswordSchema } from '../password-rules';
import { useContinueAfterSignIn } from '../use-continue-after-sign-in';

const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: newPasswordSchema,
});
type SignUpValues = z.infer<typeof signUpSchema>;

export function SignUpForm({ redirectUrl }: { redirectUrl: string }) {
  const continueAfterSignIn = useContinueAfterSignIn(redirectUrl);
  const signUp = useSignUp();
  const { control, handleSubmit } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const session = await signUp.mutateAsync(values).catch(() => undefined);
    if (session) await continueAfterSignIn(session);
  });

  return (
    <FormCard
      title="Create your account"
      subtitle="Start chasing late payments politely and consistently."
      footer={
        <>
          Already have an account?{' '}
          <RouterLink to="/signin" search={{ redirect_url: redirectUrl }} underline="always">
            Sign in instead
          </RouterLink>
        </>
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
        {signUp.error instanceof AddressMayHaveAccountError ? (
          <MayHaveAccountAlert redirectUrl={redirectUrl} />
        ) : signUp.error ? (
          <Alert severity="error">{signUp.error.message}</Alert>
        ) : null}
        <FormTextField control={control} name="name" label="Name" autoComplete="name" autoFocus />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText={NEW_PASSWORD_HINT}
        />
        {/* Creating the account is the act of accepting, so it is said before the button. Links in
            running text are underlined: colour alone does not tell them apart in dark mode. */}
        <Typography variant="body2" color="text.secondary">
          By creating an account you accept the{' '}
          <RouterLink to="/$pageName" params={{ pageName: 'terms-and-conditions' }} underline="always">
            Terms and Conditions
          </RouterLink>{' '}
          and confirm you have read the{' '}
          <RouterLink to="/$pageName" params={{ pageName: 'privacy-notice' }} underline="always">
            Privacy Notice
          </RouterLink>
          .
        </Typography>
        <SubmitButton isPending={signUp.isPending}>Create account</SubmitButton>
      </Stack>
    </FormCard>
  );
}

/**
 * The address may already have an account (its password was not this one). Said as a possibility,
 * not a fact: the server never tells whether an address has an account, and it has emailed the
 * address's owner with a way in.
 */
function MayHaveAccountAlert({ redirectUrl }: { redirectUrl: string }) {
  // Where the owner was told depends on this server's mail (decision 0026): only say "emailed" when it was.
  const mode = useInstanceInfo().data?.account_mail;
  const told = mode === 'smtp' ? ' If so, we have emailed it a link to sign in.' : '';
  return (
    <Alert severity="info" role="alert">
      This address may already have an account.{told}{' '}
      <RouterLink to="/signin" search={{ redirect_url: redirectUrl }} underline="always">
        Sign in
      </RouterLink>{' '}
      or{' '}
      <RouterLink to="/forgot-password" search={{ redirect_url: redirectUrl }} underline="always">
        reset your password
      </RouterLink>
      .
    </Alert>
  );
}
