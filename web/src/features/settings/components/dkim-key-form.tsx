import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isDomainName } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useCreateDkimKey } from '../api/create-dkim-key';

const dkimFormSchema = z.object({
  domain: z.string().trim().refine(isDomainName, 'Enter the domain you send from, such as example.co.uk'),
  selector: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9](?:[a-zA-Z0-9.-]{0,61}[a-zA-Z0-9])?$/, 'Letters, digits and hyphens, such as mail or rcv2026'),
});
type DkimFormValues = z.infer<typeof dkimFormSchema>;
const DKIM_FIELDS = ['domain', 'selector'] as const;

interface DkimKeyFormProps {
  defaultDomain: string;
  /** Replacing a key: say what that means, and offer to keep the old one. */
  onCancel?: () => void;
}

/** Generate a DKIM key for a domain and selector; the server keeps the private half. */
export function DkimKeyForm({ defaultDomain, onCancel }: DkimKeyFormProps) {
  const notify = useNotify();
  const create = useCreateDkimKey();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<DkimFormValues>({
    resolver: zodResolver(dkimFormSchema),
    defaultValues: { domain: defaultDomain, selector: `rcv${new Date().getFullYear()}` },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      notify('DKIM key generated: publish its DNS record', 'success');
      onCancel?.();
    } catch (error) {
      setFormError(applyServerErrors(error, DKIM_FIELDS, setError));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Generate a DKIM key">
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {onCancel ? <Alert severity="warning">
          A new key signs mail from the moment it is made. Choose a new selector and publish its record straight away; the old
          record can stay until then.
        </Alert> : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '3fr 2fr' } }}>
          <FormTextField control={control} name="domain" label="Domain" required helperText="The domain of your from address." />
          <FormTextField control={control} name="selector" label="Selector" required helperText="Names this key in DNS." />
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <SubmitButton isPending={create.isPending} size="medium">
            Generate key
          </SubmitButton>
          {onCancel ? <Button onClick={onCancel}>Keep the current key</Button> : null}
        </Stack>
      </Stack>
    </form>
  );
}
