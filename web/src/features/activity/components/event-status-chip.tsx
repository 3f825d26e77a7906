import Chip from '@mui/material/Chip';
import { EVENT_STATUS_LABELS, type EventStatus } from '@receivables/contracts';

import { EVENT_STATUS_COLOURS } from '../event-words';

/** An email's status: its colour and, always, its word. */
export function EventStatusChip({ status }: { status: EventStatus }) {
  return (
    <Chip
      label={EVENT_STATUS_LABELS[status]}
      color={EVENT_STATUS_COLOURS[status]}
      size="small"
      variant="outlined"
      sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
    />
  );
}
