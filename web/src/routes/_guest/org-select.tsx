import { createFileRoute, redirect } from '@tanstack/react-router';

import { sessionQueryOptions } from '../../app/api/get-session';
import { OrgSelectPage } from '../../features/orgs/components/org-select-page';

export const Route = createFileRoute('/_guest/org-select')({
  // Choosing an organisation needs a signed-in user, but not an active organisation.
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.query(sessionQueryOptions());
    if (!session) throw redirect({ to: '/signin', search: { redirect_url: search.redirect_url } });
  },
  component: OrgSelectRoute,
});

function OrgSelectRoute() {
  const { redirect_url } = Route.useSearch();
  return <OrgSelectPage redirectUrl={redirect_url} />;
}
