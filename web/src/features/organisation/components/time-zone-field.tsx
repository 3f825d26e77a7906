import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';

import type { OrganisationFormValues } from '../organisation-form-values';

/** "GMT+1" for a zone now, so a person can tell zones of one country apart. */
function currentOffset(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The browser's IANA zones, plus the saved one if this browser happens not to list it. */
function zoneOptions(saved: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(saved) || saved === '' ? zones : [saved, ...zones];
}

/** The organisation's time zone: its today, and the clock the send window is read in. */
export function TimeZoneField({ control }: { control: Control<OrganisationFormValues> }) {
  const { field, fieldState } = useController({ name: 'time_zone', control });
  const options = useMemo(() => zoneOptions(field.value), [field.value]);
  return (
    <Autocomplete
      options={options}
      value={field.value || null}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      disabled={field.disabled}
      autoHighlight
      renderOption={(props, zone) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <span style={{ flexGrow: 1 }}>{zone}</span>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 2 }}>
              {currentOffset(zone)}
            </Typography>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Time zone"
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'Decides the organisation’s today and the clock of the send window.'}
        />
      )}
    />
  );
}
