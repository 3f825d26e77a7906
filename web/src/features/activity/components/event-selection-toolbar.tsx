import Button from '@mui/material/Button';
import type { EventBulkAction } from '@receivables/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectionToolbar } from '../../../components/selection-toolbar';
import { followJob } from '../../../lib/followed-job';
import { formatCount } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { followedEventBulkJob, useStartEventBulkJob } from '../api/event-bulk-jobs';
import { bulkConfirmWords } from '../event-bulk-words';

interface EventSelectionToolbarProps {
  /** The planned emails ticked on the page shown. */
  eventIds: readonly string[];
  onClear: () => void;
}

/**
 * Over the outbox while planned emails are ticked: how many, Send now and Cancel (decision 0045).
 * Each asks first, saying how many and what happens; once accepted the selection is spent and the
 * job's panel takes the toolbar's place (event-bulk-job-panel.tsx).
 */
export function EventSelectionToolbar({ eventIds, onClear }: EventSelectionToolbarProps) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const start = useStartEventBulkJob();
  const [asking, setAsking] = useState<EventBulkAction | null>(null);
  const count = eventIds.length;

  const run = async (action: EventBulkAction) => {
    try {
      const job = await start.mutateAsync({ action, event_ids: [...eventIds] });
      followJob(queryClient, followedEventBulkJob, job.id);
      setAsking(null);
      onClear();
    } catch (error) {
      setAsking(null);
      notify(error instanceof Error ? error.message : 'The action failed.', 'error');
    }
  };

  const words = asking ? bulkConfirmWords(asking, count) : null;
  return (
    <SelectionToolbar label={`${formatCount(count)} selected`} onClear={onClear}>
      <Button size="small" variant="outlined" disabled={start.isPending} onClick={() => setAsking('send_now')} aria-haspopup="dialog">
        Send now
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={start.isPending} onClick={() => setAsking('cancel')} aria-haspopup="dialog">
        Cancel emails
      </Button>
      {asking && words ? (
        <ConfirmDialog
          confirmation={{ ...words, onConfirm: () => void run(asking) }}
          closeLabel={words.keepLabel}
          isDestructive={asking === 'cancel'}
          isPending={start.isPending}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </SelectionToolbar>
  );
}
