import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { CustomerDetail } from '@receivables/contracts';

import { usePaidWithoutPayments } from '../use-paid-without-payments';

import { CustomerChasingCard } from './customer-chasing-card';
import { CustomerContactsCard } from './customer-contacts-card';
import { CustomerHeader } from './customer-header';
import { CustomerInvoicesCard } from './customer-invoices-card';
import { CustomerNotesCard } from './customer-notes-card';
import { CustomerPaymentsCard } from './customer-payments-card';
import { CustomerTagsCard } from './customer-tags-card';
import { CustomerTimelineCard } from './customer-timeline-card';

/**
 * The customer page: header, the invoices across the whole width (eight columns need it), then
 * payments and the timeline on the left; on the right how the customer is chased (the next email
 * names a contact, so the contacts follow it) and its tags. The chasing column comes first in the
 * page's order, so on one column (a phone) the next email is read before the whole timeline, not
 * after it (issue 30); from `lg` the grid places it on the right.
 */
export function CustomerPage({ customer }: { customer: CustomerDetail }) {
  // Read once for both cards, so an invoice "Paid" and the payments agree (decision 0042).
  const paidWithoutPayments = usePaidWithoutPayments(customer.id);
  return (
    <Stack spacing={3}>
      <CustomerHeader customer={customer} />
      <CustomerInvoicesCard
        customerId={customer.id}
        customerName={customer.name}
        currency={customer.currency}
        paidWithoutPayments={paidWithoutPayments}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0, gridColumn: { lg: 2 }, gridRow: { lg: 1 } }}>
          <CustomerChasingCard customer={customer} />
          <CustomerContactsCard customer={customer} />
          <CustomerTagsCard customer={customer} />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0, gridColumn: { lg: 1 }, gridRow: { lg: 1 } }}>
          <CustomerPaymentsCard customerId={customer.id} currency={customer.currency} paidWithoutPayments={paidWithoutPayments} />
          <CustomerNotesCard customer={customer} />
          <CustomerTimelineCard customerId={customer.id} />
        </Stack>
      </Box>
    </Stack>
  );
}
