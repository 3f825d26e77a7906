import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Tag } from '@receivables/contracts';
import { useState } from 'react';

/** An existing tag, or a new name to create. */
export type TagChoice = { id: string; name: string } | { name: string };
type Option = Tag | { newName: string };

const filter = createFilterOptions<Option>({ stringify: (option) => ('newName' in option ? option.newName : option.name) });

interface TagPickerProps {
  /** The organisation's tags not yet on the customer. */
  available: Tag[];
  /** Every tag of the organisation, to tell a new name from an existing one. */
  all: Tag[];
  loading: boolean;
  disabled: boolean;
  onPick: (choice: TagChoice) => void;
  /** Take the focus when shown: in a dialog that exists only to pick a tag, typing can begin at once. */
  autoFocus?: boolean;
}

/** "Add tag": pick an existing tag or type a new name and create it inline. */
export function TagPicker({ available, all, loading, disabled, onPick, autoFocus = false }: TagPickerProps) {
  const [input, setInput] = useState('');

  const choose = (value: Option | string | null) => {
    if (value === null) return;
    const name = (typeof value === 'string' ? value : 'newName' in value ? value.newName : value.name).trim();
    if (name === '') return;
    const existing = typeof value === 'object' && 'id' in value ? value : all.find((t) => t.name.toLowerCase() === name.toLowerCase());
    onPick(existing ? { id: existing.id, name: existing.name } : { name });
    setInput('');
  };

  return (
    <Autocomplete<Option, false, false, true>
      freeSolo
      options={available}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_event, value) => choose(value)}
      filterOptions={(options, state) => {
        const filtered = filter(options, state);
        const typed = state.inputValue.trim();
        if (typed !== '' && !all.some((t) => t.name.toLowerCase() === typed.toLowerCase())) filtered.push({ newName: typed });
        return filtered;
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : 'newName' in option ? option.newName : option.name)}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {'newName' in option ? `Add “${option.newName}”` : option.name}
          </li>
        );
      }}
      loading={loading}
      disabled={disabled}
      clearOnBlur
      selectOnFocus
      handleHomeEndKeys
      size="small"
      renderInput={(params) => (
        <TextField {...params} label="Add tag" autoFocus={autoFocus} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 50 } }} />
      )}
    />
  );
}
