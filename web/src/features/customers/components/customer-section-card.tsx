import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface CustomerSectionCardProps {
  title: string;
  /** A button or two at the right of the title. */
  action?: ReactNode;
  /** When given, its loading and error states replace the children. */
  query?: QueryLike;
  children: ReactNode;
}

/** One card of the customer page: a titled section with its own loading and error states. */
export function CustomerSectionCard({ title, action, query, children }: CustomerSectionCardProps) {
  const headingId = useId();
  let body = children;
  if (query?.isPending) body = <LoadingSkeleton lines={3} label={`Loading ${title.toLowerCase()}`} />;
  else if (query?.isError) {
    body = (
      <ErrorPanel
        title={`Failed to load ${title.toLowerCase()}`}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, minHeight: 32 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {body}
      </CardContent>
    </Card>
  );
}

/** The quiet line a card shows when it has nothing to list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
