import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ImportStatus } from '@receivables/contracts';

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
    <Chip
      label={IMPORT_STATUS_LABELS[status]}
      color={COLOUR[status]}
      size="small"
      variant="outlined"
      sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
    />
  );
}
