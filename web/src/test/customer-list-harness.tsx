import { useRouter, useSearch } from '@tanstack/react-router';

import { CustomerListScreen } from '../features/customers/components/customer-list-screen';
import { customerListSearchSchema } from '../features/customers/customer-list-search';

/** The customer list wired to the test router's URL, as the real route wires it. */
export function CustomerListHarness() {
  const raw = useSearch({ strict: false });
  const router = useRouter();
  return (
    <CustomerListScreen
      search={customerListSearchSchema.parse(raw)}
      onSearchChange={(update, options) =>
        void router.navigate({ to: '/', search: { ...raw, ...update } as never, replace: options?.replace })
      }
    />
  );
}
