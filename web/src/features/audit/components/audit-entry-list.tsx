import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { formatCount } from '../../../lib/format';
import type { useAuditEntries } from '../api/get-audit-entries';

import { AuditEntryItem } from './audit-entry-item';

interface AuditEntryListProps {
  query: ReturnType<typeof useAuditEntries>;
  isFiltered: boolean;
  onClearFilters: () => void;
}

/** Nothing to show: a new organisation, or filters that match nothing (with the way back). */
function NoEntries({ isFiltered, onClearFilters }: Omit<AuditEntryListProps, 'query'>) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2 }}>
      <HistoryRounded color="action" sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
        {isFiltered ? 'No changes match these filters' : 'Nothing has been changed yet'}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {isFiltered
          ? 'Try another person, kind of change or range of days.'
          : 'Each change made to customers, invoices, workflows, templates and settings will be listed here, with who made it.'}
      </Typography>
      {isFiltered ? (
        <Button variant="outlined" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}

/** The entries loaded so far, newest first, and "Load more" while there are others. */
export function AuditEntryList({ query, isFiltered, onClearFilters }: AuditEntryListProps) {
  if (query.isPending) return <LoadingSkeleton lines={5} height={72} label="Loading the audit log" />;
  if (query.isError) {
    return (
      <ErrorPanel title="Failed to load the audit log" message={query.error.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  }
  const entries = query.data.pages.flatMap((page) => page.rows);
  const total = query.data.pages[0]?.total ?? 0;
  if (entries.length === 0) return <NoEntries isFiltered={isFiltered} onClearFilters={onClearFilters} />;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {`Showing ${formatCount(entries.length)} of ${formatCount(total)} ${total === 1 ? 'change' : 'changes'}`}
      </Typography>
      <Stack component="ol" aria-label="Changes, newest first" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry) => (
          <AuditEntryItem key={entry.id} entry={entry} />
        ))}
      </Stack>
      {query.hasNextPage ? (
        <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </Stack>
  );
}
