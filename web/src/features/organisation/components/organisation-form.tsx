import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { OrganisationProfile } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { usePermission } from '../../../app/use-permission';
import { FormTextField } from '../../../components/form-text-field';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateOrganisationProfile } from '../api/update-organisation-profile';
import { ORGANISATION_FIELDS, organisationFormSchema, organisationFormValues, organisationUpdate, type OrganisationFormValues } from '../organisation-form-values';

import { CurrencyField } from './currency-field';
import { HolidayRegionField } from './holiday-region-field';
import { TimeZoneField } from './time-zone-field';

/** The organisation's name, default currency, public holidays and time zone (decision 0028). */
export function OrganisationForm({ profile }: { profile: OrganisationProfile }) {
  const notify = useNotify();
  const update = useUpdateOrganisationProfile();
  const [formError, setFormError] = useState<string | null>(null);
  // A member sees the organisation as it is, every field disabled, and why (decision 0024).
  const editing = usePermission('settings');
  const { control, handleSubmit, setError, reset } = useForm<OrganisationFormValues>({
    resolver: zodResolver(organisationFormSchema),
    defaultValues: organisationFormValues(profile),
    disabled: !editing.allowed,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(organisationUpdate(values));
      reset(organisationFormValues(saved));
      notify('Organisation saved', 'success');
    } catch (error) {
      setFormError(applyServerErrors(error, ORGANISATION_FIELDS, setError));
    }
  });

  return (
    <SectionCard title="Organisation" description="What your organisation is called, the currency it works in, and the calendar its days and reminders follow.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Organisation">
        <Stack spacing={3}>
          {editing.reason ? <ReadOnlyNotice reason={editing.reason} /> : null}
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <FormTextField control={control} name="name" label="Name" required helperText="As the organisation switcher and your reminders show it." />
          <CurrencyField control={control} />
          <TimeZoneField control={control} />
          <HolidayRegionField control={control} />
          {editing.allowed ? (
            <div>
              <SubmitButton isPending={update.isPending} size="medium">
                Save organisation
              </SubmitButton>
            </div>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}
