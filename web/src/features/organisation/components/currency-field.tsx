import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';

import type { OrganisationFormValues } from '../organisation-form-values';

const names = new Intl.DisplayNames('en-GB', { type: 'currency' });

/** "EUR — Euro": the code, which the rest of the app shows, and what it is called. */
export function currencyOptionLabel(code: string): string {
  const name = names.of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}

/** Every ISO 4217 currency the browser knows, plus the saved one if it happens not to list it. */
function currencyOptions(saved: string): string[] {
  const codes = Intl.supportedValuesOf('currency');
  return codes.includes(saved) || saved === '' ? codes : [saved, ...codes];
}

/** The currency a customer added by hand or an imported row without one starts in, and Home opens on. */
export function CurrencyField({ control }: { control: Control<OrganisationFormValues> }) {
  const { field, fieldState } = useController({ name: 'default_currency', control });
  const options = useMemo(() => currencyOptions(field.value), [field.value]);
  return (
    <Autocomplete
      options={options}
      value={field.value || null}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      disabled={field.disabled}
      autoHighlight
      getOptionLabel={currencyOptionLabel}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Default currency"
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'New customers and imported rows without a currency start in it; Home opens on it.'}
        />
      )}
    />
  );
}
