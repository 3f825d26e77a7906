import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { HolidayRegion } from '@receivables/contracts';
import { useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';

import { useHolidayRegions } from '../../settings/api/get-holiday-regions';
import type { OrganisationFormValues } from '../organisation-form-values';

/** The first option: skip no public holidays (stored as null). */
const NONE: HolidayRegion = { code: '', name: 'None' };

/** The public holidays of one country or region, on which no reminder goes out; or none. */
export function HolidayRegionField({ control }: { control: Control<OrganisationFormValues> }) {
  const { field, fieldState } = useController({ name: 'holiday_region', control });
  const regions = useHolidayRegions();
  const options = useMemo(() => [NONE, ...(regions.data ?? [])], [regions.data]);
  // Until the list arrives, the saved code stands in for its own name.
  const value = field.value === null ? NONE : (options.find((o) => o.code === field.value) ?? { code: field.value, name: field.value });
  const helper = regions.isError
    ? 'The list of regions could not be loaded; reload the page to try again.'
    : 'Reminders due on a public holiday there wait for the next working day.';
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, option) => field.onChange(option.code === '' ? null : option.code)}
      onBlur={field.onBlur}
      disabled={field.disabled}
      disableClearable
      autoHighlight
      loading={regions.isPending}
      getOptionLabel={(option) => (option.code === '' ? option.name : `${option.name} (${option.code})`)}
      isOptionEqualToValue={(option, selected) => option.code === selected.code}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Public holidays"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helper}
        />
      )}
    />
  );
}
