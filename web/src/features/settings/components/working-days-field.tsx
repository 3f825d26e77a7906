import CheckRounded from '@mui/icons-material/CheckRounded';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { WEEKDAY_LABELS } from '@receivables/contracts';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';

import type { ChasingFormValues } from '../chasing-form-values';

/** Monday first, as ISO weekdays (1 = Monday … 7 = Sunday). */
const DAYS = WEEKDAY_LABELS.map((label, index) => ({ day: index + 1, label, short: label.slice(0, 3) }));

/** Toggle chips Mon–Sun: the days reminders may go out on. */
export function WorkingDaysField({ control }: { control: Control<ChasingFormValues> }) {
  const { field, fieldState } = useController({ name: 'working_days', control });
  const labelId = useId();
  const helperId = useId();
  const selected = new Set(field.value);
  const toggle = (day: number) => {
    const next = selected.has(day) ? field.value.filter((d) => d !== day) : [...field.value, day];
    field.onChange(next.sort((a, b) => a - b));
  };
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        Working days
      </FormLabel>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-labelledby={labelId} aria-describedby={helperId}>
        {DAYS.map(({ day, label, short }) => {
          const isOn = selected.has(day);
          return (
            <Chip
              key={day}
              // Its name is what it shows (WCAG 2.5.3, label in name); the whole day is in its tooltip.
              label={short}
              title={label}
              aria-pressed={isOn}
              clickable
              disabled={field.disabled}
              onClick={() => toggle(day)}
              color={isOn ? 'primary' : 'default'}
              variant={isOn ? 'filled' : 'outlined'}
              icon={isOn ? <CheckRounded aria-hidden /> : undefined}
              ref={day === 1 ? field.ref : undefined}
              sx={{ minWidth: 68 }}
            />
          );
        })}
      </Stack>
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {fieldState.error?.message ?? 'Reminders wait for the next working day.'}
      </FormHelperText>
    </FormControl>
  );
}
