import type { ChipProps } from '@mui/material/Chip';
import type { ImportStatus } from '@receivables/contracts';

import { StatusChip } from '../../../components/status-chip';
import { IMPORT_STATUS_LABELS } from '../import-status';

const COLOUR: Record<ImportStatus, ChipProps['color']> = {
  uploaded: 'default',
  queued: 'info',
  running: 'info',
  completed: 'success',
  failed: 'error',
};

export function ImportStatusChip({ status }: { status: ImportStatus }) {
  return (
    <StatusChip label={IMPORT_STATUS_LABELS[status]} color={COLOUR[status]} />
  );
}
