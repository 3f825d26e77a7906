import Stack from '@mui/material/Stack';
import { createFileRoute } from '@tanstack/react-router';

import { PageHeader } from '../../components/page-header';
import { OverdueSummaryCard } from '../../features/home/components/overdue-summary-card';
import { TopDebtorsCard } from '../../features/home/components/top-debtors-card';

export const Route = createFileRoute('/_authenticated/home')({
  component: HomeRoute,
});

function HomeRoute() {
  const { session } = Route.useRouteContext();
  const firstName = session.user.name.trim().split(/\s+/)[0] ?? '';
  return (
    <>
      <PageHeader
        title="Home"
        description={`${firstName ? `Welcome back, ${firstName}. ` : ''}Here is who owes you the most right now; open a customer to see their invoices and what has been sent.`}
      />
      <Stack spacing={3}>
        <OverdueSummaryCard />
        <TopDebtorsCard />
      </Stack>
    </>
  );
}
