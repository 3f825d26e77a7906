import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { COMPANY_ADDRESS_MAX_LINES, type Letterhead } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { usePermission } from '../../../app/use-permission';
import { FormTextField } from '../../../components/form-text-field';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateLetterhead } from '../api/update-letterhead';
import { LETTERHEAD_FIELDS, letterheadFormSchema, letterheadFormValues, type LetterheadFormValues, letterheadUpdate } from '../letterhead-form-values';

import { LogoField } from './logo-field';

/** The company details every email's footer shows and the logo at its top (decision 0038). */
export function LetterheadForm({ letterhead }: { letterhead: Letterhead }) {
  const notify = useNotify();
  const update = useUpdateLetterhead();
  const [formError, setFormError] = useState<string | null>(null);
  // A member sees it as it is, every field disabled, and why (decision 0024).
  const editing = usePermission('settings');
  const { control, handleSubmit, setError, clearErrors, reset } = useForm<LetterheadFormValues>({
    resolver: zodResolver(letterheadFormSchema),
    defaultValues: letterheadFormValues(letterhead),
    disabled: !editing.allowed,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      reset(letterheadFormValues(await update.mutateAsync(letterheadUpdate(values))));
      notify('Letterhead saved', 'success');
    } catch (error) {
      setFormError(applyServerErrors(error, LETTERHEAD_FIELDS, setError));
    }
  });

  return (
    <SectionCard
      title="Letterhead"
      description="Your logo at the top of every email, and your company’s registered details under the signature. Each detail appears only when filled in."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Letterhead">
        <Stack spacing={3}>
          {editing.reason ? <ReadOnlyNotice reason={editing.reason} /> : null}
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <LogoField control={control} setError={setError} clearErrors={clearErrors} />
          <FormTextField control={control} name="company_name" label="Registered company name" helperText="As registered, such as Acme Trading Ltd." />
          <FormTextField control={control} name="company_number" label="Company number" helperText="Such as 01234567 or SC123456; another country’s register number works too." />
          <FormTextField
            control={control}
            name="company_address"
            label="Registered office"
            multiline
            minRows={3}
            helperText={`One line of the address a line, at most ${COMPANY_ADDRESS_MAX_LINES}.`}
          />
          <FormTextField control={control} name="vat_number" label="VAT number" helperText="With its country prefix, such as GB123456789." />
          {editing.allowed ? (
            <div>
              <SubmitButton isPending={update.isPending} size="medium">
                Save letterhead
              </SubmitButton>
            </div>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}
