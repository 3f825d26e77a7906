import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type AuditFacets, DATE_MIN } from '@receivables/contracts';

import { DayField } from '../../../components/day-field';
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
