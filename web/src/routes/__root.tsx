import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { useSession } from '../app/api/get-session';
import { ErrorScreen } from '../components/error-screen';
import { AppShell } from '../components/layout/app-shell';
import type { NavBadges } from '../components/layout/nav-items';
import { SendingModeBadge } from '../components/layout/sending-mode-badge';
import { NotFoundScreen } from '../components/not-found-screen';
import { useInboundCounts } from '../features/activity/api/get-inbound-counts';
import { describeUnread } from '../features/activity/inbound-words';
import { UserMenu } from '../features/auth/components/user-menu';
import { OrgSwitcher } from '../features/orgs/components/org-switcher';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  errorComponent: (props) => <ErrorScreen {...props} isRoot />,
  notFoundComponent: NotFoundScreen,
});

function RootComponent() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

/**
 * Chooses the frame around a page: the sign-in group brings its own centred layout; every other
 * page gets the app shell, with organisation and account controls once someone is signed in.
 */
function AppFrame({ children }: { children: ReactNode }) {
  const isGuestPage = useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/_guest') });
  // Re-render on every navigation: switching organisation or signing out clears the whole query
  // cache and then navigates, and a re-render is what re-attaches these observers to fresh queries.
  useRouterState({ select: (state) => state.location.href });
  const session = useSession();
  const current = session.data;
  // Unread replies beside Activity, once someone is in an organisation (decision 0021, "Unread").
  const unread = useInboundCounts(!isGuestPage && Boolean(current?.session.activeOrganizationId)).data?.unread ?? 0;
  const navBadges: NavBadges = { '/emails/': { count: unread, label: describeUnread(unread) } };

  if (isGuestPage) return children;

  const actions = current ? (
    <>
      <SendingModeBadge enabled={Boolean(current.session.activeOrganizationId)} />
      {current.session.activeOrganizationId ? (
        <OrgSwitcher activeOrganizationId={current.session.activeOrganizationId} />
      ) : null}
      <UserMenu user={current.user} />
    </>
  ) : null;

  return (
    <AppShell actions={actions} showSignIn={session.isSuccess && !current} navBadges={navBadges}>
      {children}
    </AppShell>
  );
}
