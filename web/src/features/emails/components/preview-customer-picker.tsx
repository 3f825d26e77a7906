import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { useCustomers } from '../../../app/api/get-customers';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { previewCustomerParams, type PreviewCustomer } from '../use-template-preview';

const SEARCH_DEBOUNCE_MS = 300;

interface PreviewCustomerPickerProps {
  value: PreviewCustomer | null;
  onChange: (customer: PreviewCustomer) => void;
}

/** Who the preview is rendered for, and Send to me sends: a search over the customer list, biggest debts first. */
export function PreviewCustomerPicker({ value, onChange }: PreviewCustomerPickerProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const customers = useCustomers(previewCustomerParams(q));
  const options: PreviewCustomer[] = (customers.data?.rows ?? []).map((c) => ({ id: c.id, name: c.name }));
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, customer) => {
        if (customer) onChange(customer);
      }}
      // Only what the person types searches; the chosen name filling the box does not.
      onInputChange={(_event, text, reason) => setSearch(reason === 'input' ? text : '')}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={customers.isFetching}
      disableClearable={value !== null}
      noOptionsText={customers.isError ? 'Customers could not be loaded' : 'No customer matches'}
      renderInput={(params) => <TextField {...params} label="Preview for customer" size="small" />}
    />
  );
}
