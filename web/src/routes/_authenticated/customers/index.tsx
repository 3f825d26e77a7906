import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';

import { CustomerListScreen, type CustomerSearchUpdate } from '../../../features/customers/components/customer-list-screen';
import { CUSTOMER_LIST_SEARCH_DEFAULTS, customerListSearchSchema } from '../../../features/customers/customer-list-search';

export const Route = createFileRoute('/_authenticated/customers/')({
  validateSearch: customerListSearchSchema,
  // Defaults stay out of the URL, so a plain /customers/ is the default list.
  search: { middlewares: [stripSearchParams(CUSTOMER_LIST_SEARCH_DEFAULTS)] },
  component: CustomersRoute,
});

function CustomersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (update: CustomerSearchUpdate, options?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...update }), replace: options?.replace }),
    [navigate],
  );
  return <CustomerListScreen search={search} onSearchChange={onSearchChange} />;
}
