import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { IMPORT_FIELDS, type ImportField } from '@receivables/contracts';
import { Controller, type Control } from 'react-hook-form';

import { columnLabel } from '../import-file';
import { NOT_IN_FILE, type MappingFormValues } from '../mapping-form-values';

interface ImportFieldSelectProps {
  field: ImportField;
  control: Control<MappingFormValues>;
  headers: readonly string[];
  /** The preview rows, for an example value under each column name. */
  preview: readonly (readonly string[])[];
  /** Why the mapping cannot start as it is, when this field is the reason. */
  problem?: string;
}

function sample(preview: readonly (readonly string[])[], column: number): string | undefined {
  return preview.map((row) => row[column]?.trim()).find((cell) => cell);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Which column of the file one field is read from, or "Not in the file". */
export function ImportFieldSelect({ field, control, headers, preview, problem }: ImportFieldSelectProps) {
  const info = IMPORT_FIELDS[field];
  const columnName = (value: unknown) => (value === NOT_IN_FILE ? 'Not in the file' : columnLabel(headers, Number(value)));
  return (
    <Controller
      name={`mapping.${field}`}
      control={control}
      render={({ field: input, fieldState }) => {
        const message = fieldState.error?.message ?? (problem ? capitalise(problem) : undefined);
        return (
          <TextField
            select
            fullWidth
            label={info.label}
            required={info.required}
            name={input.name}
            value={input.value}
            onChange={(event) => input.onChange(Number(event.target.value))}
            onBlur={input.onBlur}
            inputRef={input.ref}
            error={message !== undefined}
            helperText={message ?? info.help}
            slotProps={{ select: { renderValue: columnName } }}
          >
            <MenuItem value={NOT_IN_FILE}>
              <em>Not in the file</em>
            </MenuItem>
            {headers.map((_header, column) => {
              const example = sample(preview, column);
              return (
                <MenuItem key={column} value={column}>
                  <ListItemText
                    primary={columnLabel(headers, column)}
                    secondary={example ? `e.g. ${example}` : 'Empty in the first rows'}
                    slotProps={{ secondary: { noWrap: true, sx: { maxWidth: 320 } } }}
                    sx={{ my: 0 }}
                  />
                </MenuItem>
              );
            })}
          </TextField>
        );
      }}
    />
  );
}
