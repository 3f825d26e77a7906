import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { CustomerBulkJob } from '@receivables/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { JobStatusRegion, UnfinishedJob } from '../../../components/job-status-region';
import { formatCount } from '../../../lib/format';
import { useCustomerBulkJob } from '../api/get-customer-bulk-job';
import { type BulkActionWords, bulkActionWords, customersCount } from '../bulk-action-words';
import { type FollowedBulkJob, followBulkJob, useFollowedBulkJob } from '../use-followed-bulk-job';

/**
 * Under the list's selection toolbar: the progress of the last action over every match started
 * here, polled until it is done, then what it changed or why it stopped, until dismissed
 * (decision 0008). The person keeps using the list meanwhile.
 */
export function CustomerBulkJobPanel() {
  const followed = useFollowedBulkJob();
  const queryClient = useQueryClient();
  if (!followed) return null;
  return <BulkJobStatus key={followed.id} followed={followed} onDismiss={() => followBulkJob(queryClient, null)} />;
}

function BulkJobStatus({ followed, onDismiss }: { followed: FollowedBulkJob; onDismiss: () => void }) {
  const job = useCustomerBulkJob(followed.id);
  const words = bulkActionWords(followed.action, followed.names);
  return (
    <JobStatusRegion job={job} label="Bulk action" onDismiss={onDismiss}>
      {(data) => <JobState job={data} words={words} isOutOfTouch={job.isRefetchError} onDismiss={onDismiss} />}
    </JobStatusRegion>
  );
}

interface JobStateProps {
  job: CustomerBulkJob;
  words: BulkActionWords;
  /** The last poll failed: the figures shown are the previous ones, and it keeps trying. */
  isOutOfTouch: boolean;
  onDismiss: () => void;
}

function JobState({ job, words, isOutOfTouch, onDismiss }: JobStateProps) {
  if (job.status !== 'succeeded') {
    return (
      <UnfinishedJob
        job={{ ...job, status: job.status }}
        progressText={words.progress(job.processed, job.total)}
        isOutOfTouch={isOutOfTouch}
        onDismiss={onDismiss}
      />
    );
  }
  const unchanged = job.total - job.updated;
  return (
    <Alert severity="success" variant="outlined" onClose={onDismiss} sx={{ borderRadius: 3 }}>
      {job.total === 0 ? (
        <>
          <AlertTitle>No customer matched</AlertTitle>
          Nothing was changed.
        </>
      ) : (
        <>
          <AlertTitle>{words.outcome(job.updated)}</AlertTitle>
          {unchanged > 0 ? `Of the ${customersCount(job.total)} matching, ${formatCount(unchanged)} needed no change.` : null}
        </>
      )}
    </Alert>
  );
}
