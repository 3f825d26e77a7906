import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DateOrder } from '@receivables/contracts';
import { Controller, type Control } from 'react-hook-form';

import { currencyLabel, DEFAULT_CURRENCIES, type MappingFormValues } from '../mapping-form-values';

const DATE_ORDERS: { value: DateOrder; label: string }[] = [
  { value: 'dmy', label: 'Day first — 31/07/2026' },
  { value: 'mdy', label: 'Month first — 07/31/2026' },
];

/** How to read what the columns do not say: the currency of rows without one, and the date order. */
export function ImportReadOptions({ control }: { control: Control<MappingFormValues> }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Controller
        name="default_currency"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            label="Default currency"
            {...field}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'For rows without a currency of their own.'}
          >
            {/* The import's own currency stays selectable even when it is not a common one. */}
            {[...new Set([...DEFAULT_CURRENCIES, field.value])].map((code) => (
              <MenuItem key={code} value={code}>
                {currencyLabel(code)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="date_order"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            label="Dates are written"
            {...field}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'How to read a date such as 03/04/2026. Dates like 2026-07-31 or 31 Jul 2026 read either way.'}
          >
            {DATE_ORDERS.map((order) => (
              <MenuItem key={order.value} value={order.value}>
                {order.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
