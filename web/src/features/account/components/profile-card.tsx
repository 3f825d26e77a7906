import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateName } from '../api/update-name';

// The rule sign-up applies to a name.
const profileSchema = z.object({ name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters') });
type ProfileValues = z.infer<typeof profileSchema>;

/** The person's name, as colleagues see it and as reminders sign off when they use it. */
export function ProfileCard({ name }: { name: string }) {
  const notify = useNotify();
  const update = useUpdateName();
  const { control, handleSubmit, reset } = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: { name } });
  const onSubmit = handleSubmit(async (values) => {
    const saved = await update.mutateAsync(values.name).then(() => true, () => false);
    if (saved) {
      reset(values);
      notify('Your name is saved.', 'success');
    }
  });

  return (
    <SectionCard title="Your name" description="How you appear to the people you work with in this app.">
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
        {update.error ? <Alert severity="error">{update.error.message}</Alert> : null}
        <FormTextField control={control} name="name" label="Name" autoComplete="name" />
        <SubmitButton isPending={update.isPending} size="medium" sx={{ alignSelf: 'flex-start' }}>
          Save name
        </SubmitButton>
      </Stack>
    </SectionCard>
  );
}
