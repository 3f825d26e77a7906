import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerImport } from '@receivables/contracts';

import { formatCount } from '../../../lib/format';

import { ImportCard } from './import-card';
import { ImportCounts } from './import-counts';

/** Step 3: a queued or running import, polled every second by the page. */
export function ImportProgressCard({ source }: { source: CustomerImport }) {
  const { processed_rows: done, total_rows: total } = source;
  // Rounded down, so the bar never shows 100% before the last row is in.
  const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  const rowsText = `${formatCount(done)} of ${formatCount(total)} ${total === 1 ? 'row' : 'rows'}`;
  return (
    <ImportCard title={`Importing ${source.filename}`}>
      <Stack spacing={2.5}>
        <div>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
            <Typography aria-live="polite" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
              {source.status === 'queued' ? 'Waiting to start…' : rowsText}
            </Typography>
            <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {percent}%
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Import progress"
            aria-valuetext={rowsText}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </div>
        <ImportCounts source={source} />
        <Typography variant="body2" color="text.secondary">
          You can leave this page: the import carries on, and you can come back to it from Recent imports.
        </Typography>
      </Stack>
    </ImportCard>
  );
}
