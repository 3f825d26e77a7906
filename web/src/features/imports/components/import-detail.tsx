import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CustomerImport } from '@receivables/contracts';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { isRequestError } from '../../../lib/api-client';
import { useImport } from '../api/get-import';

import { ImportMappingForm } from './import-mapping-form';
import { ImportProgressCard } from './import-progress-card';
import { ImportFailedCard, ImportResultCard } from './import-result-card';
import { ImportSteps } from './import-steps';
import { RejectedRowsCard } from './rejected-rows-card';

const STEP: Record<CustomerImport['status'], number> = { uploaded: 1, queued: 2, running: 2, completed: 3, failed: 3 };

interface ImportDetailProps {
  importId: string;
  /** Back to the upload step. */
  onReset: () => void;
}

/** Steps 2–4 of one import, chosen by its status: mapping, progress, or the result. */
export function ImportDetail({ importId, onReset }: ImportDetailProps) {
  const current = useImport(importId);

  if (current.isPending) return <LoadingSkeleton lines={3} height={120} label="Loading import" />;
  if (current.isError) {
    const isMissing = isRequestError(current.error) && current.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ErrorPanel
          title={isMissing ? 'Import not found' : 'Failed to load the import'}
          message={isMissing ? 'This import does not exist, or belongs to another organisation.' : current.error.message}
          onRetry={isMissing ? undefined : () => void current.refetch()}
          isRetrying={current.isFetching}
        />
        <Button variant="contained" onClick={onReset}>
          Import another file
        </Button>
      </Stack>
    );
  }

  const source = current.data;
  let body;
  switch (source.status) {
    case 'uploaded':
      // Keyed, so a different import starts from its own suggestion.
      body = <ImportMappingForm key={source.id} source={source} onReset={onReset} />;
      break;
    case 'queued':
    case 'running':
      body = <ImportProgressCard source={source} />;
      break;
    case 'completed':
      body = (
        <Stack spacing={3}>
          <ImportResultCard source={source} onReset={onReset} />
          {source.rejected_rows > 0 ? <RejectedRowsCard source={source} /> : null}
        </Stack>
      );
      break;
    case 'failed':
      body = <ImportFailedCard source={source} onReset={onReset} />;
      break;
  }
  return (
    <>
      <ImportSteps active={STEP[source.status]} />
      {body}
    </>
  );
}
