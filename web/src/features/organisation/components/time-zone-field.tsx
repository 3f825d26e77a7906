import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';

import type { OrganisationFormValues } from '../organisation-form-values';

import { SupportedValueField } from './supported-value-field';

/** "GMT+1" for a zone now, so a person can tell zones of one country apart. */
function currentOffset(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The organisation's time zone: its today, and the clock the send window is read in. */
export function TimeZoneField({ control }: { control: Control<OrganisationFormValues> }) {
  return (
    <SupportedValueField
      control={control}
      name="time_zone"
      kind="timeZone"
      label="Time zone"
      helperText="Decides the organisation’s today and the clock of the send window."
      optionAside={(zone) => (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 2 }}>
          {currentOffset(zone)}
        </Typography>
      )}
    />
  );
}
