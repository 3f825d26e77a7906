import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CHASE_STOP_REASONS, standingSchema } from '@receivables/contracts';
import { useState, type SyntheticEvent } from 'react';

import { useOverdueSummary } from '../api/get-overdue-summary';
import type { CustomerListFilters } from '../customer-list-search';
import { readFilterDraft, toFilterDraft, type FilterDraft } from '../filter-draft';
import { STANDING_LABELS } from '../standing-labels';

import { CustomerTagFilter } from './customer-tag-filter';

interface CustomerFiltersFormProps {
  filters: CustomerListFilters;
  currencies: readonly string[];
  onApply: (filters: CustomerListFilters) => void;
  onCancel: () => void;
}

function toggle<T>(list: T[], value: T, on: boolean): T[] {
  return on ? [...list, value] : list.filter((v) => v !== value);
}

const legend = { fontWeight: 600, color: 'text.primary', mb: 0.5, '&.Mui-focused': { color: 'text.primary' } } as const;

/** The filter panel's fields; nothing reaches the URL until "Apply filters". */
export function CustomerFiltersForm({ filters, currencies, onApply, onCancel }: CustomerFiltersFormProps) {
  const [draft, setDraft] = useState<FilterDraft>(() => toFilterDraft(filters));
  // Amounts are in one currency (decision 0013): the organisation's default unless chosen.
  const summary = useOverdueSummary();
  const defaultCurrency = summary.data?.default_currency ?? currencies[0] ?? 'GBP';
  const amountCurrencies = [...new Set([defaultCurrency, ...(summary.data?.currencies.map((c) => c.currency) ?? []), ...currencies])];
  const { filters: next, errors } = readFilterDraft(draft, defaultCurrency);
  const isValid = Object.keys(errors).length === 0;
  const set = (patch: Partial<FilterDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (isValid) onApply(next);
  };

  const numberField = (key: 'min_amount' | 'max_amount' | 'min_days_late' | 'max_days_late', label: string, inputMode: 'decimal' | 'numeric') => (
    <TextField
      label={label}
      size="small"
      value={draft[key]}
      onChange={(event) => set({ [key]: event.target.value })}
      error={errors[key] !== undefined}
      helperText={errors[key]}
      slotProps={{ htmlInput: { inputMode, autoComplete: 'off' } }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Filters" sx={{ p: 2.5, width: { xs: 'auto', sm: 420 } }}>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={legend}>Standing</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {standingSchema.options.map((standing) => (
            <FormControlLabel
              key={standing}
              label={STANDING_LABELS[standing]}
              control={
                <Checkbox
                  size="small"
                  checked={draft.standing.includes(standing)}
                  onChange={(event) => set({ standing: toggle(draft.standing, standing, event.target.checked) })}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={legend}>Currency</FormLabel>
        <FormGroup row>
          {currencies.map((code) => (
            <FormControlLabel
              key={code}
              label={code}
              control={
                <Checkbox
                  size="small"
                  checked={draft.currency.includes(code)}
                  onChange={(event) => set({ currency: toggle(draft.currency, code, event.target.checked) })}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={legend}>Chasing</FormLabel>
        <FormControlLabel
          label="Stopped: owes, nothing more planned"
          control={
            <Checkbox
              size="small"
              checked={draft.stopped.length > 0}
              // Checked, every reason; a narrower choice (from Home's links) is kept until unchecked.
              onChange={(event) => set({ stopped: event.target.checked ? [...CHASE_STOP_REASONS] : [] })}
            />
          }
        />
      </FormControl>
      <CustomerTagFilter value={draft.tag} onChange={(tag) => set({ tag })} />
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ ...legend, mb: 1.5 }}>Amount overdue</FormLabel>
        <Stack direction="row" spacing={1.5}>
          <TextField
            select
            label="Currency"
            size="small"
            value={draft.amount_currency || defaultCurrency}
            onChange={(event) => set({ amount_currency: event.target.value })}
            sx={{ width: 96, flexShrink: 0 }}
          >
            {amountCurrencies.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
          {numberField('min_amount', 'Min amount', 'decimal')}
          {numberField('max_amount', 'Max amount', 'decimal')}
        </Stack>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ ...legend, mb: 1.5 }}>Days late</FormLabel>
        <Stack direction="row" spacing={1.5}>
          {numberField('min_days_late', 'Min days late', 'numeric')}
          {numberField('max_days_late', 'Max days late', 'numeric')}
        </Stack>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend" id="has-contact-legend" sx={legend}>Has a contact</FormLabel>
        <RadioGroup
          row
          aria-labelledby="has-contact-legend"
          value={draft.has_contact}
          onChange={(event) => set({ has_contact: event.target.value as FilterDraft['has_contact'] })}
        >
          <FormControlLabel value="any" control={<Radio size="small" />} label="Any" />
          <FormControlLabel value="yes" control={<Radio size="small" />} label="Yes" />
          <FormControlLabel value="no" control={<Radio size="small" />} label="No" />
        </RadioGroup>
      </FormControl>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!isValid}>
          Apply filters
        </Button>
      </Stack>
    </Stack>
  );
}
