import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CustomerImport } from '@receivables/contracts';

import { ButtonLink } from '../../../components/router-link';
import { formatCount, formatDateTime } from '../../../lib/format';
import { describeImportOutcome } from '../import-outcome';

import { ImportCard } from './import-card';
import { ImportCounts } from './import-counts';

/** Step 4: what a completed import did, and where to go next. */
export function ImportResultCard({ source, onReset }: { source: CustomerImport; onReset: () => void }) {
  const outcome = describeImportOutcome(source);
  return (
    <ImportCard
      title="Import finished"
      description={`${source.filename}${source.finished_at ? `, finished ${formatDateTime(source.finished_at)}` : ''}`}
    >
      <Stack spacing={2.5}>
        <Alert severity={outcome.severity} variant="outlined" sx={{ borderRadius: 3 }}>
          <AlertTitle sx={{ mb: outcome.detail ? undefined : 0 }}>{outcome.title}</AlertTitle>
          {outcome.detail}
        </Alert>
        <ImportCounts source={source} />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={onReset}>
            Import another file
          </Button>
          <ButtonLink variant="contained" to="/customers/">
            View customers
          </ButtonLink>
        </Stack>
      </Stack>
    </ImportCard>
  );
}

/** A failed import: why it stopped, and a way to start again. */
export function ImportFailedCard({ source, onReset }: { source: CustomerImport; onReset: () => void }) {
  const { processed_rows: done, total_rows: total } = source;
  return (
    <ImportCard title="Import stopped" description={source.filename}>
      <Stack spacing={2.5}>
        <Alert severity="error" variant="outlined" sx={{ borderRadius: 3, overflowWrap: 'anywhere' }}>
          <AlertTitle>The import could not finish</AlertTitle>
          {source.error ?? 'An unexpected error occurred.'}
          {done > 0 ? ` ${formatCount(done)} of ${formatCount(total)} rows had been read when it stopped; what they imported is kept.` : null}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={onReset}>
            Import another file
          </Button>
        </Stack>
      </Stack>
    </ImportCard>
  );
}
