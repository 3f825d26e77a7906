import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { AppShell } from '../components/layout/app-shell';
import { useSession } from '../features/auth/api/get-session';
import { UserMenu } from '../features/auth/components/user-menu';
import { OrgSwitcher } from '../features/orgs/components/org-switcher';

/**
 * Chooses the frame around a page: the sign-in group brings its own centred layout; every other
 * page gets the app shell, with organisation and account controls once someone is signed in.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const isGuestPage = useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/_guest') });
  // Re-render on every navigation: switching organisation or signing out clears the whole query
  // cache and then navigates, and a re-render is what re-attaches these observers to fresh queries.
  useRouterState({ select: (state) => state.location.href });
  const session = useSession();

  if (isGuestPage) return children;

  const current = session.data;
  const actions = current ? (
    <>
      {current.session.activeOrganizationId ? (
        <OrgSwitcher activeOrganizationId={current.session.activeOrganizationId} />
      ) : null}
      <UserMenu user={current.user} />
    </>
  ) : null;

  return (
    <AppShell actions={actions} showSignIn={session.isSuccess && !current}>
      {children}
    </AppShell>
  );
}
