import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { OverdueSummary } from '@receivables/contracts';
import { useState } from 'react';

import { ErrorPanel } from '../../../components/error-panel';
import { ButtonLink } from '../../../components/router-link';
import { useOverdueSummary } from '../../customers/api/get-overdue-summary';
import { useTopDebtors } from '../api/get-top-debtors';

import { TopDebtorsTable } from './top-debtors-table';

/** The currency Home ranks in first: the default one when anything is overdue in it. */
function firstCurrency(summary: OverdueSummary): string {
  return summary.currencies[0]?.currency ?? summary.default_currency;
}

/**
 * Who owes the most right now (docs/product.md, Home), ranked within one currency at a time, with
 * a switch to each other currency anything is overdue in (decision 0013).
 */
export function TopDebtorsCard() {
  const summary = useOverdueSummary();
  const [chosen, setChosen] = useState<string | null>(null);
  const currencies = summary.data?.currencies.map((c) => c.currency) ?? [];
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : summary.data ? firstCurrency(summary.data) : undefined;
  const debtors = useTopDebtors(currency);
  const failed = summary.isError ? summary : debtors.isError ? debtors : null;

  return (
    <Card component="section" aria-labelledby="top-debtors-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
          <Typography id="top-debtors-heading" variant="h2">
            Top debtors
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {currencies.length > 1 && currency ? (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={currency}
                aria-label="Currency"
                onChange={(_event, next: string | null) => {
                  if (next) setChosen(next);
                }}
              >
                {currencies.map((code) => (
                  <ToggleButton key={code} value={code}>
                    {code}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            ) : null}
            <ButtonLink to="/customers/" endIcon={<ArrowForwardRounded />} size="small">
              View all customers
            </ButtonLink>
          </Stack>
        </Stack>
        {failed ? (
          <ErrorPanel
            title="Failed to load top debtors"
            message={failed.error.message}
            onRetry={() => void (summary.isError ? summary.refetch() : debtors.refetch())}
            isRetrying={summary.isFetching || debtors.isFetching}
          />
        ) : (
          <TopDebtorsTable rows={currency === undefined ? undefined : debtors.data?.rows} />
        )}
      </CardContent>
    </Card>
  );
}
