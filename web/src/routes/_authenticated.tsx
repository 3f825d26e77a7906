import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

import { organisationSettingsQueryOptions } from '../app/api/get-organisation-settings';
import { sessionQueryOptions } from '../app/api/get-session';

/**
 * Every route below needs a session with an active organisation; otherwise the user is sent to
 * sign in or to choose one, and brought back to the page they asked for afterwards. The
 * organisation's time zone and currency are loaded first: every screen's "today" depends on them.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.query(sessionQueryOptions());
    if (!session) {
      throw redirect({ to: '/signin', search: { redirect_url: location.href } });
    }
    if (!session.session.activeOrganizationId) {
      throw redirect({ to: '/org-select', search: { redirect_url: location.href } });
    }
    await context.queryClient.query(organisationSettingsQueryOptions());
    return { session };
  },
  component: Outlet,
});
