import Stack from '@mui/material/Stack';

import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { PRODUCT_NAME } from '../../../lib/product';
import { useOverdueSummary } from '../../customers/api/get-overdue-summary';
import { useCustomerCount } from '../api/get-customer-count';

import { GetStartedCard } from './get-started-card';
import { OverdueSummaryCard } from './overdue-summary-card';
import { ToDoCard } from './to-do-card';
import { TopDebtorsCard } from './top-debtors-card';

/**
 * Home (docs/product.md, Home). An organisation without customers gets a first-visit welcome and
 * its next steps; once it has any, the overdue totals and the top debtors. If the count cannot be
 * loaded the usual cards show, each with its own error and retry.
 */
export function HomeScreen({ userName }: { userName: string }) {
  const customers = useCustomerCount();
  // Asked beside the count, not once it has answered: both cards start from the summary (Top
  // debtors ranks in its first currency), so waiting made Home a chain of three reads, and a
  // failing API three rounds of retries before the cards could say so.
  useOverdueSummary();
  const firstName = userName.trim().split(/\s+/)[0] ?? '';
  const isNew = customers.count === 0;
  const greeting = isNew ? (firstName ? `Welcome, ${firstName}. ` : 'Welcome. ') : firstName ? `Welcome back, ${firstName}. ` : '';
  const lead = isNew
    ? `${PRODUCT_NAME} shows who owes you money and how late they are, and chases them for you. Start by bringing in your customers.`
    : 'Here is who owes you the most right now; open a customer to see their invoices and what has been sent.';

  return (
    <>
      <PageHeader title="Home" description={customers.isPending ? undefined : `${greeting}${lead}`} />
      {customers.isPending ? (
        <LoadingSkeleton lines={2} height={120} label="Loading Home" />
      ) : isNew ? (
        <GetStartedCard />
      ) : (
        <Stack spacing={3}>
          <OverdueSummaryCard />
          <ToDoCard />
          <TopDebtorsCard />
        </Stack>
      )}
    </>
  );
}
