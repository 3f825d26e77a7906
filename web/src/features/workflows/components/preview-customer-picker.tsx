import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Customer, STANDING_LABELS } from '@receivables/contracts';
import { useEffect, useState } from 'react';

import { useCustomers } from '../../../app/api/get-customers';
import { formatMoney } from '../../../lib/format';

const SEARCH_DEBOUNCE_MS = 300;
const OPTIONS_SHOWN = 20;

/** The typed words once typing pauses, so each keystroke is not a request. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface PreviewCustomerPickerProps {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
}

/** A customer to preview on, searched by name or contact email on the server (`GET /api/customers/?q=`). */
export function PreviewCustomerPicker({ value, onChange }: PreviewCustomerPickerProps) {
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  // While a customer is chosen the input shows its name: that is not a search.
  const search = value && q === value.name ? undefined : q || undefined;
  const customers = useCustomers({ q: search, limit: OPTIONS_SHOWN });
  const options = customers.data?.rows ?? [];

  return (
    <Autocomplete<Customer>
      options={value && !options.some((c) => c.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_event, customer) => onChange(customer)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      // The server has already matched the words; filtering again here would hide its matches by email.
      filterOptions={(all) => all}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={customers.isFetching}
      noOptionsText={customers.isError ? `Could not search: ${customers.error.message}` : 'No customer matches'}
      renderOption={(props, c) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
            <span>{c.name}</span>
            <Typography variant="body2" color="text.secondary" component="span">
              {STANDING_LABELS[c.standing]}
              {c.amount_overdue > 0 ? ` · ${formatMoney(c.amount_overdue, c.currency)} overdue` : ''}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Customer"
          placeholder="Search by name or email"
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 200 } }}
        />
      )}
      sx={{ maxWidth: 480 }}
    />
  );
}
