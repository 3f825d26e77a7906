import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';

import { JobProgress, jobPercent } from './job-progress';

interface JobStatusRegionProps<T> {
  /** The job's polled query. */
  job: UseQueryResult<T>;
  /** The region's and the bar's accessible name: "Bulk action". */
  label: string;
  onDismiss: () => void;
  /** The job as last read: its bar while it runs, then what it did or why it stopped. */
  children: (job: T) => ReactNode;
}

/**
 * Where a background job started from a list's selection shows (decisions 0008, 0045): "Starting…"
 * until it is first read, then the job, or why it cannot be read with Try again. Keyboard focus
 * comes here as it appears, since the toolbar whose button started it has gone with the selection.
 */
export function JobStatusRegion<T>({ job, label, onDismiss, children }: JobStatusRegionProps<T>) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), []);

  let body;
  if (job.data) body = children(job.data);
  else if (job.isError) {
    body = (
      <Alert severity="error" variant="outlined" sx={{ borderRadius: 3 }}>
        <AlertTitle>Could not read the {label.toLowerCase()}</AlertTitle>
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
  } else body = <JobProgress label={`${label} progress`} text="Starting…" />;
  return (
    <Box ref={region} tabIndex={-1} role="region" aria-label={label} sx={{ px: { xs: 2, sm: 2.5 }, py: 1.5, outline: 'none' }}>
      {body}
    </Box>
  );
}

interface UnfinishedJobProps {
  job: { status: 'running' | 'failed'; processed: number; total: number; error: string | null };
  /** The bar's line while it runs: "Paused 1,200 of 5,000 customers…". */
  progressText: string;
  /** The last poll failed: the figures shown are the previous ones, and it keeps trying. */
  isOutOfTouch: boolean;
  onDismiss: () => void;
}

/** A job still running (its bar, and that the person may keep working), or why it stopped; what a succeeded one did is the caller's to say. */
export function UnfinishedJob({ job, progressText, isOutOfTouch, onDismiss }: UnfinishedJobProps) {
  if (job.status === 'running') {
    const note = isOutOfTouch ? 'Cannot reach the server just now; still trying.' : 'You can keep working: the list refreshes when it is done.';
    return <JobProgress label="Bulk action progress" text={progressText} percent={jobPercent(job.processed, job.total)} note={note} />;
  }
  return (
    <Alert severity="error" variant="outlined" onClose={onDismiss} sx={{ borderRadius: 3 }}>
      <AlertTitle>The bulk action stopped</AlertTitle>
      {job.error ?? 'It stopped on an unexpected error.'}
    </Alert>
  );
}
