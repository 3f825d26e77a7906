import type { Control } from 'react-hook-form';

import type { OrganisationFormValues } from '../organisation-form-values';

import { SupportedValueField } from './supported-value-field';

const names = new Intl.DisplayNames('en-GB', { type: 'currency' });

/** "EUR — Euro": the code, which the rest of the app shows, and what it is called. */
export function currencyOptionLabel(code: string): string {
  const name = names.of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}

/** The currency a customer added by hand or an imported row without one starts in, and Home opens on. */
export function CurrencyField({ control }: { control: Control<OrganisationFormValues> }) {
  return (
    <SupportedValueField
      control={control}
      name="default_currency"
      kind="currency"
      label="Default currency"
      helperText="New customers and imported rows without a currency start in it; Home opens on it."
      getOptionLabel={currencyOptionLabel}
    />
  );
}
