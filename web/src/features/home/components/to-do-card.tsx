import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHASE_STOP_ADVICE, CHASE_STOP_LABELS } from '@receivables/contracts';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { RouterLink } from '../../../components/router-link';
import { formatCount } from '../../../lib/format';
import { useOverdueSummary } from '../../customers/api/get-overdue-summary';

/**
 * What needs a person today. For now one kind of line: customers who owe, are not paused and have
 * nothing more planned, one line per reason (decision 0039), each opening the customer list on
 * just those customers. Chasing never stops without a line here.
 */
export function ToDoCard() {
  const summary = useOverdueSummary();
  return (
    <Card component="section" aria-labelledby="to-do-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography id="to-do-heading" variant="h2" sx={{ mb: 2 }}>
          To do
        </Typography>
        {summary.isError ? (
          <ErrorPanel
            title="Failed to load what needs you"
            message={summary.error.message}
            onRetry={() => void summary.refetch()}
            isRetrying={summary.isFetching}
          />
        ) : summary.data === undefined ? (
          <LoadingSkeleton label="Loading what needs you" />
        ) : summary.data.chasing_stopped.length === 0 ? (
          <Typography color="text.secondary">
            Nothing needs you: every customer who owes and is not paused has its next email planned.
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {summary.data.chasing_stopped.map(({ reason, customers }) => (
              <li key={reason}>
                <RouterLink to="/customers/" search={{ stopped: [reason] }} sx={{ fontWeight: 500 }}>
                  {formatCount(customers)} {customers === 1 ? 'customer owes' : 'customers owe'} and chasing stopped:{' '}
                  {CHASE_STOP_LABELS[reason].toLowerCase()}
                </RouterLink>
                <Typography variant="body2" color="text.secondary">
                  {CHASE_STOP_ADVICE[reason]}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
