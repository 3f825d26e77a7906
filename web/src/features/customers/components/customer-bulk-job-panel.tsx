import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerBulkJob } from '@receivables/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

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
  const region = useRef<HTMLDivElement>(null);
  // The toolbar whose button started it has gone with the selection: keyboard focus comes here.
  useEffect(() => region.current?.focus(), []);

  let body;
  if (job.data) body = <JobState job={job.data} words={words} isOutOfTouch={job.isRefetchError} onDismiss={onDismiss} />;
  else if (job.isError) {
    body = (
      <Alert severity="error" variant="outlined" sx={{ borderRadius: 3 }}>
        <AlertTitle>Could not read the bulk action</AlertTitle>
        {job.error.message}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button color="inherit" size="small" onClick={() => void job.refetch()} disabled={job.isFetching}>
            Try again
          </Button>
          <Button color="inherit" size="small" onClick={onDismiss}>
            Dismiss
          </Button>
        </Stack>
      </Alert>
    );
  } else body = <Progress text="Starting…" />;
  return (
    <Box ref={region} tabIndex={-1} role="region" aria-label="Bulk action" sx={{ px: { xs: 2, sm: 2.5 }, py: 1.5, outline: 'none' }}>
      {body}
    </Box>
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
  if (job.status === 'running') {
    // Rounded down, so the bar never shows 100% before the last customer is done.
    const percent = job.total > 0 ? Math.min(100, Math.floor((job.processed / job.total) * 100)) : 0;
    const note = isOutOfTouch ? 'Cannot reach the server just now; still trying.' : 'You can keep working: the list refreshes when it is done.';
    return <Progress text={words.progress(job.processed, job.total)} percent={percent} note={note} />;
  }
  if (job.status === 'failed') {
    return (
      <Alert severity="error" variant="outlined" onClose={onDismiss} sx={{ borderRadius: 3 }}>
        <AlertTitle>The bulk action stopped</AlertTitle>
        {job.error ?? 'It stopped on an unexpected error.'}
      </Alert>
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

/** The bar: determinate with a percentage once the job says how far it is, else moving. */
function Progress({ text, percent, note }: { text: string; percent?: number; note?: string }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography aria-live="polite" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
        {percent === undefined ? null : (
          <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {percent}%
          </Typography>
        )}
      </Stack>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        {...(percent === undefined ? {} : { value: percent })}
        aria-label="Bulk action progress"
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {note ? (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Stack>
  );
}
