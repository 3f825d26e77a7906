import TextField from '@mui/material/TextField';
import { WEEKLY_CAP_MAX } from '@receivables/contracts';
import { useController, type Control } from 'react-hook-form';

import type { ChasingFormValues } from '../chasing-form-values';

/** Reminders per customer in any 7 days; the planner defers the rest (decision 0015), never drops them. */
export function WeeklyCapField({ control }: { control: Control<ChasingFormValues> }) {
  const { field, fieldState } = useController({ name: 'weekly_cap', control });
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      disabled={field.disabled}
      // NaN (an emptied field) shows as empty and fails validation with the range message.
      value={Number.isNaN(field.value) ? '' : field.value}
      onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      onBlur={field.onBlur}
      label="Weekly cap"
      type="number"
      required
      error={Boolean(fieldState.error)}
      helperText={
        fieldState.error?.message ??
        `Reminders per customer in any 7 days, across all workflows (1–${WEEKLY_CAP_MAX}). Extra ones wait; none are dropped.`
      }
      slotProps={{ htmlInput: { min: 1, max: WEEKLY_CAP_MAX, step: 1, inputMode: 'numeric' } }}
      sx={{ maxWidth: { sm: 360 } }}
    />
  );
}
