import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { EventBulkJob } from '@receivables/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { JobProgress, jobPercent } from '../../../components/job-progress';
import { JobStatusRegion } from '../../../components/job-status-region';
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
  if (job.status === 'running') {
    const note = isOutOfTouch ? 'Cannot reach the server just now; still trying.' : 'You can keep working: the list refreshes when it is done.';
    return <JobProgress label="Bulk action progress" text={bulkProgressWords(job)} percent={jobPercent(job.processed, job.total)} note={note} />;
  }
  if (job.status === 'failed') {
    return (
      <Alert severity="error" variant="outlined" onClose={onDismiss} sx={{ borderRadius: 3 }}>
        <AlertTitle>The bulk action stopped</AlertTitle>
        {job.error ?? 'It stopped on an unexpected error.'}
      </Alert>
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
