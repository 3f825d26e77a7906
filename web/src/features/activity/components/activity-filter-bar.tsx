import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DATE_MIN, EVENT_STATUS_LABELS, EVENT_STATUSES, type EventStatus, type EventTab } from '@receivables/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { DayField } from '../../../components/day-field';
import { workflowsQueryOptions } from '../../workflows/api/get-workflows';

/** What Activity is narrowed to beyond its tab and customer: a status, a workflow and a range of days (decision 0040). */
export interface ActivityFilters {
  status?: EventStatus | undefined;
  workflow_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const ANY = '';
// Only the statuses a tab can hold: a received email is never in the outbox, a planned one never in the inbox.
const STATUSES_OF: Record<EventTab, readonly EventStatus[]> = {
  outbox: EVENT_STATUSES.filter((s) => s !== 'incoming'),
  inbox: ['incoming'],
  all: EVENT_STATUSES,
};

/** The status a tab can be narrowed to: one it can hold, else none. */
export const statusIn = (tab: EventTab, status: EventStatus | undefined): EventStatus | undefined =>
  status !== undefined && STATUSES_OF[tab].includes(status) ? status : undefined;

/** The workflow a tab can be narrowed to: none on the inbox, whose received emails no workflow planned. */
export const workflowIn = (tab: EventTab, workflowId: string | undefined): string | undefined => (tab === 'inbox' ? undefined : workflowId);

export const NO_FILTERS: ActivityFilters = { status: undefined, workflow_id: undefined, from: undefined, to: undefined };

export const hasActivityFilters = (f: ActivityFilters): boolean =>
  f.status !== undefined || f.workflow_id !== undefined || f.from !== undefined || f.to !== undefined;

/** Status and days for Activity; each change goes to the URL at once, "Clear filters" when any is set. */
interface ActivityFilterBarProps {
  tab: EventTab;
  value: ActivityFilters;
  onChange: (next: ActivityFilters) => void;
}

export function ActivityFilterBar({ tab, value, onChange }: ActivityFilterBarProps) {
  const set = (patch: ActivityFilters) => onChange({ ...value, ...patch });
  const statuses = STATUSES_OF[tab];
  const daySx = { flex: { xs: '1 1 130px', sm: '0 1 180px' }, minWidth: 0 };
  const rangeError = value.from && value.to && value.to < value.from ? 'Must not be before From' : null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', px: { xs: 2, sm: 2.5 }, pt: 2, pb: 1 }}>
      {statuses.length > 1 ? (
        <TextField
          select
          size="small"
          label="Status"
          value={value.status && statuses.includes(value.status) ? value.status : ANY}
          onChange={(event) => set({ status: event.target.value === ANY ? undefined : (event.target.value as EventStatus) })}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 180px' }, minWidth: 0 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value={ANY}>Any status</MenuItem>
          {statuses.map((status) => (
            <MenuItem key={status} value={status}>
              {EVENT_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {tab === 'inbox' ? null : <WorkflowFilter value={value.workflow_id} onChange={(workflow_id) => set({ workflow_id })} />}
      <DayField label="From" day={value.from} onDay={(from) => set({ from })} minDay={DATE_MIN} error={null} sx={daySx} />
      <DayField label="To" day={value.to} onDay={(to) => set({ to })} minDay={value.from ?? DATE_MIN} error={rangeError} sx={daySx} />
      {hasActivityFilters(value) ? (
        <Button onClick={() => onChange(NO_FILTERS)} sx={{ alignSelf: 'center' }}>
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * The workflow that planned the emails: Any, or one by name. The workflows are read when the list
 * first opens (or when the URL already names one), not on every visit to Activity; until they are,
 * the list says so and a chosen one stays chosen. A workflow deleted since reads "A deleted workflow".
 */
function WorkflowFilter({ value, onChange }: { value: string | undefined; onChange: (next: string | undefined) => void }) {
  const [opened, setOpened] = useState(false);
  const workflows = useQuery({ ...workflowsQueryOptions(), enabled: opened || value !== undefined }).data?.rows;
  const known = workflows === undefined || value === undefined || workflows.some((w) => w.id === value);
  return (
    <TextField
      select
      size="small"
      label="Workflow"
      value={value ?? ANY}
      onChange={(event) => onChange(event.target.value === ANY ? undefined : event.target.value)}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 200px' }, minWidth: 0 }}
      slotProps={{ select: { displayEmpty: true, onOpen: () => setOpened(true) }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={ANY}>Any workflow</MenuItem>
      {(workflows ?? []).map((workflow) => (
        <MenuItem key={workflow.id} value={workflow.id}>
          {workflow.name}
        </MenuItem>
      ))}
      {workflows === undefined && value === undefined ? (
        <MenuItem disabled value="loading">
          Loading workflows…
        </MenuItem>
      ) : null}
      {value !== undefined && (workflows === undefined || !known) ? (
        <MenuItem value={value}>{workflows === undefined ? 'Loading workflows…' : 'A deleted workflow'}</MenuItem>
      ) : null}
    </TextField>
  );
}
