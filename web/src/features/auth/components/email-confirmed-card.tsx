import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

import { FormCard } from '../../../components/form-card';
import { RouterLink } from '../../../components/router-link';

interface EmailConfirmedCardProps {
  /** A new sign-up's address (`verify`) or a change of address (`change`). */
  kind: 'verify' | 'change';
  /** better-auth's reason when the link was refused (`TOKEN_EXPIRED`, `INVALID_TOKEN`, …). */
  error: string | undefined;
}

/** `/email-confirmed`: where a confirmation link lands, saying whether it worked (decision 0026). */
export function EmailConfirmedCard({ kind, error }: EmailConfirmedCardProps) {
  const next = (
    <RouterLink to="/settings/account" underline="always">
      Go to your account
    </RouterLink>
  );
  if (error) {
    const expired = error === 'TOKEN_EXPIRED';
    return (
      <FormCard title="This link cannot be used" footer={next}>
        <Alert severity="warning">
          {expired ? 'It has expired: a confirmation link works for 24 hours.' : 'It is not valid, or was meant for another account.'} Ask for a
          new one from your account’s settings.
        </Alert>
      </FormCard>
    );
  }
  return (
    <FormCard title={kind === 'change' ? 'Your new address is confirmed' : 'Your address is confirmed'} footer={next}>
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {kind === 'change'
            ? 'From now on you sign in with your new email address, and account emails go to it.'
            : 'Thank you: your email address is confirmed.'}
        </Alert>
      </Stack>
    </FormCard>
  );
}
