import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import { createFileRoute, createLink } from '@tanstack/react-router';

import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { customerQueryOptions, useCustomer } from '../../../features/customers/api/get-customer';
import { CustomerPage } from '../../../features/customers/components/customer-page';

const ButtonLink = createLink(Button);

export const Route = createFileRoute('/_authenticated/customers/$customerId')({
  // Loading through the query cache means a failure lands on this route's error screen.
  loader: ({ context, params }) => context.queryClient.query(customerQueryOptions(params.customerId)),
  pendingComponent: () => <LoadingSkeleton height={180} label="Loading customer" />,
  component: CustomerRoute,
});

function CustomerRoute() {
  const { customerId } = Route.useParams();
  const { data: customer } = useCustomer(customerId);
  return (
    <>
      <ButtonLink to="/customers/" startIcon={<ArrowBackRounded />} size="small" sx={{ mb: 2 }}>
        Back to customers
      </ButtonLink>
      <CustomerPage customer={customer} />
    </>
  );
}
