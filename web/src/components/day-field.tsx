import type { SxProps, Theme } from '@mui/material/styles';
import { DATE_MAX, DATE_MIN } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

import { DatePicker } from './date-picker';

/** A day the API takes, or undefined: a date typed half-way (year 0002) is not asked for. */
function asDay(value: Dayjs | null): string | undefined {
  const day = value?.isValid() ? value.format('YYYY-MM-DD') : undefined;
  return day !== undefined && day >= DATE_MIN && day <= DATE_MAX ? day : undefined;
}

export interface DayFieldProps {
  label: string;
  day: string | undefined;
  onDay: (day: string | undefined) => void;
  minDay: string;
  error: string | null;
  sx: SxProps<Theme>;
}

/**
 * A day of the range. The picker keeps what is being typed; the filter changes only for a whole
 * day in range (or none), so typing "31/12/2020" never asks the API about the year 0002.
 */
export function DayField({ label, day, onDay, minDay, error, sx }: DayFieldProps) {
  const [typed, setTyped] = useState<Dayjs | null>(day ? dayjs(day) : null);
  // Cleared from outside ("Clear filters"): the field empties too.
  if (day === undefined && typed !== null && asDay(typed) !== undefined) setTyped(null);
  return (
    <DatePicker
      label={label}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        if (asDay(next) !== day) onDay(asDay(next));
      }}
      minDate={dayjs(minDay)}
      maxDate={dayjs(DATE_MAX)}
      slotProps={{ textField: { size: 'small', sx, error: error !== null, helperText: error ?? undefined } }}
    />
  );
}
