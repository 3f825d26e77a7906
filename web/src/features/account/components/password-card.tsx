import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { NEW_PASSWORD_HINT, newPasswordSchema } from '../../auth/password-rules';
import { useChangePassword, WRONG_CURRENT_PASSWORD } from '../api/change-password';

const passwordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean(),
});
type PasswordValues = z.infer<typeof passwordSchema>;

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', revokeOtherSessions: true };

/** A new password, proven by the current one; other devices signed out unless the person keeps them. */
export function PasswordCard() {
  const notify = useNotify();
  const change = useChangePassword();
  const { control, handleSubmit, reset, setError } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: EMPTY,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      notify(values.revokeOtherSessions ? 'Your password is changed, and your other devices are signed out.' : 'Your password is changed.', 'success');
    } catch (error) {
      if (error instanceof Error && WRONG_CURRENT_PASSWORD.test(error.message)) {
        setError('currentPassword', { message: 'This is not your current password' }, { shouldFocus: true });
      }
    }
  });
  const wrongCurrent = change.error !== null && WRONG_CURRENT_PASSWORD.test(change.error.message);

  return (
    <SectionCard title="Password" description="Choose a new one at any time; you need the one you use now.">
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Change your password">
        {change.error && !wrongCurrent ? <Alert severity="error">{change.error.message}</Alert> : null}
        <FormTextField control={control} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <FormTextField control={control} name="newPassword" label="New password" type="password" autoComplete="new-password" helperText={NEW_PASSWORD_HINT} />
        <Controller
          control={control}
          name="revokeOtherSessions"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
              label="Sign out of my other devices"
            />
          )}
        />
        <SubmitButton isPending={change.isPending} size="medium" sx={{ alignSelf: 'flex-start' }}>
          Change password
        </SubmitButton>
      </Stack>
    </SectionCard>
  );
}
