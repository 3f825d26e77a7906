import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { EventBulkJob } from '@receivables/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { JobStatusRegion, UnfinishedJob } from '../../../components/job-status-region';
import { followJob, useFollowedJob } from '../../../lib/followed-job';
import { followedEventBulkJob, useEventBulkJob } from '../api/event-bulk-jobs';
import { bulkOutcomeWords, bulkProgressWords } from '../event-bulk-words';

/**
 * Over the outbox: the last bulk Send now or Cancel started here, polled until it is done, then
 * what it did or why it stopped, until dismissed (decision 0045). Its end re-reads the list.
 */
export function EventBulkJobPanel() {
  const followed = useFollowedJob(followedEventBulkJob);
  const queryClient = useQueryClient();
  if (!followed) return null;
  return <FollowedJob key={followed} id={followed} onDismiss={() => followJob(queryClient, followedEventBulkJob, null)} />;
}

function FollowedJob({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const job = useEventBulkJob(id);
  return (
    <JobStatusRegion job={job} label="Bulk action" onDismiss={onDismiss}>
      {(data) => <JobState job={data} isOutOfTouch={job.isRefetchError} onDismiss={onDismiss} />}
    </JobStatusRegion>
  );
}

function JobState({ job, isOutOfTouch, onDismiss }: { job: EventBulkJob; isOutOfTouch: boolean; onDismiss: () => void }) {
  if (job.status !== 'succeeded') {
    return (
      <UnfinishedJob
        job={{ ...job, status: job.status }}
        progressText={bulkProgressWords(job)}
        isOutOfTouch={isOutOfTouch}
        onDismiss={onDismiss}
      />
    );
  }
  const words = bulkOutcomeWords(job);
  return (
    <Alert severity={job.updated === 0 ? 'info' : 'success'} variant="outlined" onClose={onDismiss} sx={{ borderRadius: 3 }}>
      <AlertTitle>{words.title}</AlertTitle>
      {words.detail}
    </Alert>
  );
}
