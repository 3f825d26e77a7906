import { createFileRoute, Outlet } from '@tanstack/react-router';

import { GuestLayout } from '../components/layout/guest-layout';
import { redirectSearchSchema } from '../lib/route-search';

/** The unauthenticated group: signin, signup, org-select, all taking `redirect_url`. */
export const Route = createFileRoute('/_guest')({
  validateSearch: redirectSearchSchema,
  component: () => (
    <GuestLayout>
      <Outlet />
    </GuestLayout>
  ),
});
