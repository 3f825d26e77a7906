import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { customerIdParamsSchema } from '@receivables/contracts';
import { createFileRoute, notFound } from '@tanstack/react-router';

import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { ButtonLink } from '../../../components/router-link';
import { customerQueryOptions, useCustomer } from '../../../features/customers/api/get-customer';
import { CustomerPage } from '../../../features/customers/components/customer-page';
import { isRequestError } from '../../../lib/api-client';

export const Route = createFileRoute('/_authenticated/customers/$customerId')({
  // Loading through the query cache means a failure lands on this route's error screen, except a
  // customer that does not exist: that is the not-found screen, as for any unknown address
  // (docs/product.md, Routes). A malformed id can name no customer, so it is not even asked for.
  loader: async ({ context, params }) => {
    if (!customerIdParamsSchema.safeParse({ id: params.customerId }).success) throw notFound();
    try {
      return await context.queryClient.query(customerQueryOptions(params.customerId));
    } catch (error) {
      if (isRequestError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
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
