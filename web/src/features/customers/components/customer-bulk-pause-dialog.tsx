import { formatCount } from '../../../lib/format';

import { PauseDialog } from './pause-dialog';

interface CustomerBulkPauseDialogProps {
  count: number;
  isPending: boolean;
  /** `until` as YYYY-MM-DD, or null for indefinitely; the caller reports the outcome. */
  onPause: (until: string | null) => Promise<unknown>;
  onClose: () => void;
}

/** Pause chasing every selected customer, with the same date rules as for one customer. */
export function CustomerBulkPauseDialog({ count, isPending, onPause, onClose }: CustomerBulkPauseDialogProps) {
  const title = count === 1 ? 'Pause 1 customer' : `Pause ${formatCount(count)} customers`;
  return <PauseDialog title={title} isPending={isPending} onPause={onPause} onClose={onClose} />;
}
