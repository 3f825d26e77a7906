import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';

import { ErrorPanel } from '../../../components/error-panel';
import { useTopDebtors } from '../api/get-top-debtors';

import { TopDebtorsTable } from './top-debtors-table';

const ButtonLink = createLink(Button);

/** Home's one card: who owes the most right now (docs/product.md). */
export function TopDebtorsCard() {
  const debtors = useTopDebtors();

  return (
    <Card component="section" aria-labelledby="top-debtors-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id="top-debtors-heading" variant="h2">
            Top debtors
          </Typography>
          <ButtonLink to="/customers/" endIcon={<ArrowForwardRounded />} size="small">
            View all customers
          </ButtonLink>
        </Stack>
        {debtors.isError ? (
          <ErrorPanel
            title="Failed to load top debtors"
            message={debtors.error.message}
            onRetry={() => void debtors.refetch()}
            isRetrying={debtors.isFetching}
          />
        ) : (
          <TopDebtorsTable rows={debtors.data?.rows} />
        )}
      </CardContent>
    </Card>
  );
}
