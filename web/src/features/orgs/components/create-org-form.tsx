import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useCreateOrganization } from '../api/create-organization';

const createOrgSchema = z.object({
  name: z.string().trim().min(2, 'Use at least 2 characters').max(80, 'Use at most 80 characters'),
});
type CreateOrgValues = z.infer<typeof createOrgSchema>;

/** Creates an organisation, makes it active, then hands over to `onCreated`. */
export function CreateOrgForm({ onCreated }: { onCreated: () => void | Promise<void> }) {
  const notify = useNotify();
  const createOrg = useCreateOrganization();
  const { control, handleSubmit } = useForm<CreateOrgValues>({
    resolver: zodResolver(createOrgSchema),
    defaultValues: { name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const org = await createOrg.mutateAsync(values).catch(() => undefined);
    if (!org) return;
    notify(`Organisation “${org.name}” created`, 'success');
    await onCreated();
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Create an organisation">
      {createOrg.error ? <Alert severity="error">{createOrg.error.message}</Alert> : null}
      <FormTextField
        control={control}
        name="name"
        label="Organisation name"
        autoComplete="organization"
        helperText="Usually your company's trading name."
      />
      <SubmitButton isPending={createOrg.isPending}>Create organisation</SubmitButton>
    </Stack>
  );
}
