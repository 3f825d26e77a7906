import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, type Ref } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** One line under the label saying what choosing it means. */
  hint: string;
}

interface ChoiceGroupProps<T extends string> {
  label: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly Choice<T>[];
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown but not choosable (a role that may only read it, decision 0024). */
  disabled?: boolean;
}

/** Radio buttons, each with its explanation, for a choice whose options need saying what they mean. */
export function ChoiceGroup<T extends string>({ label, name, value, onChange, options, error, inputRef, disabled }: ChoiceGroupProps<T>) {
  const hintPrefix = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup
        name={name}
        value={value}
        onChange={(_event, next) => {
          const picked = options.find((o) => o.value === next);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option, index) => (
          <div key={option.value}>
            <FormControlLabel
              value={option.value}
              control={
                <Radio
                  size="small"
                  slotProps={{ input: { ref: index === 0 ? inputRef : undefined, 'aria-describedby': `${hintPrefix}-${option.value}` } }}
                />
              }
              label={option.label}
              sx={{ mb: -0.5, '& .MuiFormControlLabel-label': { fontWeight: 500 } }}
            />
            <Typography id={`${hintPrefix}-${option.value}`} variant="body2" color="text.secondary" sx={{ pl: 3.75, pb: 0.5 }}>
              {option.hint}
            </Typography>
          </div>
        ))}
      </RadioGroup>
      {error ? <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
