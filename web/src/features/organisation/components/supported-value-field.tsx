import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, type ReactNode } from 'react';
import { useController, type Control } from 'react-hook-form';

import type { OrganisationFormValues } from '../organisation-form-values';

interface SupportedValueFieldProps {
  control: Control<OrganisationFormValues>;
  name: 'default_currency' | 'time_zone';
  /** Which of the browser's lists to offer (`Intl.supportedValuesOf`). */
  kind: 'currency' | 'timeZone';
  label: string;
  helperText: string;
  getOptionLabel?: (value: string) => string;
  /** What an option shows beside its value (a zone's offset now). */
  optionAside?: (value: string) => ReactNode;
}

/**
 * A required choice among the values the browser knows (ISO 4217 currencies, IANA zones), searched
 * as typed; the saved value is offered too if this browser happens not to list it.
 */
export function SupportedValueField({ control, name, kind, label, helperText, getOptionLabel, optionAside }: SupportedValueFieldProps) {
  const { field, fieldState } = useController({ name, control });
  const options = useMemo(() => {
    const known = Intl.supportedValuesOf(kind);
    return known.includes(field.value) || field.value === '' ? known : [field.value, ...known];
  }, [kind, field.value]);
  return (
    <Autocomplete
      options={options}
      value={field.value || null}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      disabled={field.disabled}
      autoHighlight
      {...(getOptionLabel ? { getOptionLabel } : {})}
      renderOption={(props, value) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <span style={{ flexGrow: 1 }}>{getOptionLabel ? getOptionLabel(value) : value}</span>
            {optionAside?.(value)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
