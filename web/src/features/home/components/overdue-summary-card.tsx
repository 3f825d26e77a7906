import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { formatCount, formatMoney } from '../../../lib/format';
import { useOverdueSummary } from '../../customers/api/get-overdue-summary';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * What is overdue: one total per currency — never one sum of several (decision 0013) — and how
 * many customers owe anything.
 */
export function OverdueSummaryCard() {
  const summary = useOverdueSummary();
  return (
    <Card component="section" aria-labelledby="overdue-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography id="overdue-heading" variant="h2" sx={{ mb: 2 }}>
          Overdue
        </Typography>
        {summary.isError ? (
          <ErrorPanel
            title="Failed to load what is overdue"
            message={summary.error.message}
            onRetry={() => void summary.refetch()}
            isRetrying={summary.isFetching}
          />
        ) : summary.data === undefined ? (
          <LoadingSkeleton label="Loading what is overdue" />
        ) : summary.data.customers_overdue === 0 ? (
          <Typography color="text.secondary">Nothing is overdue: no customer owes you anything past its due date.</Typography>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <Stack component="ul" aria-label="Total overdue per currency" direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', m: 0, p: 0, listStyle: 'none' }}>
              {summary.data.currencies.map((total) => (
                <li key={total.currency}>
                  <Typography variant="h3" component="p" sx={numeric}>
                    {formatMoney(total.amount_overdue, total.currency)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {total.currency} · {formatCount(total.customers_overdue)} {total.customers_overdue === 1 ? 'customer' : 'customers'}
                  </Typography>
                </li>
              ))}
            </Stack>
            <div>
              <Typography variant="h3" component="p" sx={numeric}>
                {formatCount(summary.data.customers_overdue)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {summary.data.customers_overdue === 1 ? 'customer overdue' : 'customers overdue'}
              </Typography>
            </div>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
