import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ChasingSettings } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { usePermission } from '../../../app/use-permission';
import { FormTextField } from '../../../components/form-text-field';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateChasingSettings } from '../api/update-chasing-settings';
import { CHASING_FIELDS, chasingFormSchema, chasingFormValues, chasingUpdate, type ChasingFormValues } from '../chasing-form-values';

import { OrganisationCalendarNote } from './organisation-calendar-note';
import { WeeklyCapField } from './weekly-cap-field';
import { WorkingDaysField } from './working-days-field';

/**
 * When reminders may go out: the daily window, working days and the weekly cap, read in the
 * organisation's time zone and public holidays (set in Settings → Organisation, decision 0028).
 */
export function ChasingSettingsForm({ settings }: { settings: ChasingSettings }) {
  const notify = useNotify();
  const update = useUpdateChasingSettings();
  const [formError, setFormError] = useState<string | null>(null);
  // A role that may only read the calendar sees it with every field disabled and no Save (decision 0024).
  const editing = usePermission('settings');
  const { control, handleSubmit, setError, reset } = useForm<ChasingFormValues>({
    resolver: zodResolver(chasingFormSchema),
    defaultValues: chasingFormValues(settings),
    disabled: !editing.allowed,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(chasingUpdate(values));
      reset(chasingFormValues(saved));
      notify('Chasing settings saved', 'success');
    } catch (error) {
      setFormError(applyServerErrors(error, CHASING_FIELDS, setError));
    }
  });

  return (
    <SectionCard
      title="When reminders go out"
      description="Every workflow follows this calendar. A reminder that falls outside it waits for the next allowed moment."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Chasing settings">
        <Stack spacing={3}>
          {editing.reason ? <ReadOnlyNotice reason={editing.reason} /> : null}
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <OrganisationCalendarNote timeZone={settings.time_zone} holidayRegion={settings.holiday_region} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="send_window_start"
              label="Send window starts"
              required
              placeholder="09:00"
              helperText="24-hour clock, such as 09:00."
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 5 } }}
            />
            <FormTextField
              control={control}
              name="send_window_end"
              label="Send window ends"
              required
              placeholder="17:30"
              helperText="In the organisation’s time zone."
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 5 } }}
            />
          </Box>
          <WorkingDaysField control={control} />
          <WeeklyCapField control={control} />
          {editing.allowed ? (
            <div>
              <SubmitButton isPending={update.isPending} size="medium">
                Save chasing settings
              </SubmitButton>
            </div>
          ) : null}
        </Stack>
      </form>
    </SectionCard>
  );
}
