import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Tag } from '@receivables/contracts';

import { useTags } from '../api/get-tags';

interface CustomerTagFilterProps {
  /** The chosen tag ids. */
  value: string[];
  onChange: (ids: string[]) => void;
}

/** A multi-select of the organisation's tags; an id no longer among them shows as "(deleted)". */
export function CustomerTagFilter({ value, onChange }: CustomerTagFilterProps) {
  const tags = useTags();
  const options = tags.data?.rows ?? [];
  const byId = new Map(options.map((t) => [t.id, t]));
  const chosen: Tag[] = value.map((id) => byId.get(id) ?? { id, name: tags.data ? '(deleted)' : '…', colour: '' });

  return (
    <Autocomplete<Tag, true>
      multiple
      size="small"
      options={options}
      value={chosen}
      loading={tags.isPending}
      onChange={(_event, next) => onChange(next.map((t) => t.id))}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={tags.isError ? 'Could not load the tags' : 'No tags yet'}
      renderInput={(params) => <TextField {...params} label="Tags" placeholder={chosen.length === 0 ? 'Any tag' : undefined} />}
    />
  );
}
