import { EVENT_STATUS_LABELS, type EventStatus } from '@receivables/contracts';

import { StatusChip } from '../../../components/status-chip';
import { EVENT_STATUS_COLOURS } from '../event-words';

/** An email's status: its colour and, always, its word. */
export function EventStatusChip({ status }: { status: EventStatus }) {
  return <StatusChip label={EVENT_STATUS_LABELS[status]} color={EVENT_STATUS_COLOURS[status]} />;
}
