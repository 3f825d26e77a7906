import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type AuditFacets, DATE_MAX, DATE_MIN } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

import { DatePicker } from '../../../components/date-picker';
import { type AuditFilters, hasAuditFilters } from '../api/audit-keys';

interface AuditFilterBarProps {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
  /** What the log holds; until it has loaded the person and action lists offer only "All". */
  facets: AuditFacets | undefined;
  /** Why the range cannot be used, shown under "To". */
  rangeError: string | null;
}

const ALL = '';
// "Everyone" and "All changes" are choices, shown as such, not an empty field under its label.
const ALL_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
/** A day the API takes, or undefined: a date typed half-way (year 0002) is not asked for. */
function asDay(value: Dayjs | null): string | undefined {
  const day = value?.isValid() ? value.format('YYYY-MM-DD') : undefined;
  return day !== undefined && day >= DATE_MIN && day <= DATE_MAX ? day : undefined;
}

interface DayFieldProps {
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
function DayField({ label, day, onDay, minDay, error, sx }: DayFieldProps) {
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
const personName = (actor: AuditFacets['actors'][number]) => actor.name ?? actor.email ?? 'A former user';

/** The log's filters: who, which kind of change, and a range of days; "Clear" when any is set. */
export function AuditFilterBar({ value, onChange, facets, rangeError }: AuditFilterBarProps) {
  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, ...patch });
  const fieldSx = { flex: { xs: '1 1 100%', sm: '1 1 180px' }, minWidth: 0 };
  // The two days share a row even on a phone: a range reads as one.
  const daySx = { flex: { xs: '1 1 130px', sm: '1 1 180px' }, minWidth: 0 };
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 3 }}>
      <TextField
        select
        size="small"
        label="Person"
        value={value.actor_id ?? ALL}
        onChange={(event) => set({ actor_id: event.target.value === ALL ? undefined : event.target.value })}
        sx={fieldSx}
        slotProps={ALL_SHOWN}
      >
        <MenuItem value={ALL}>Everyone</MenuItem>
        {facets?.actors.map((actor) => (
          <MenuItem key={actor.id} value={actor.id}>
            {personName(actor)}
          </MenuItem>
        ))}
        {facets?.includes_system ? <MenuItem value="system">The system</MenuItem> : null}
      </TextField>
      <TextField
        select
        size="small"
        label="Kind of change"
        value={value.action ?? ALL}
        onChange={(event) => set({ action: event.target.value === ALL ? undefined : event.target.value })}
        sx={fieldSx}
        slotProps={ALL_SHOWN}
      >
        <MenuItem value={ALL}>All changes</MenuItem>
        {facets?.action_families.map((family) => (
          <MenuItem key={family.prefix} value={family.prefix}>
            {family.label}
          </MenuItem>
        ))}
      </TextField>
      <DayField label="From" day={value.from} onDay={(from) => set({ from })} minDay={DATE_MIN} error={null} sx={daySx} />
      <DayField label="To" day={value.to} onDay={(to) => set({ to })} minDay={value.from ?? DATE_MIN} error={rangeError} sx={daySx} />
      {hasAuditFilters(value) ? (
        <Button onClick={() => onChange({})} sx={{ alignSelf: 'center' }}>
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
