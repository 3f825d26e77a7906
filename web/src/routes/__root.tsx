import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

import { AppFrame } from '../app/app-frame';
import { ErrorScreen } from '../components/error-screen';
import { NotFoundScreen } from '../components/not-found-screen';

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
