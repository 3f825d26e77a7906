import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';

import { ErrorScreen } from './components/error-screen';
import { LoadingSkeleton } from './components/loading-skeleton';
import { NotFoundScreen } from './components/not-found-screen';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Loaders read through the query cache, which has its own freshness rules.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    scrollRestoration: true,
    // Spec routes carry a trailing slash on lists (/customers/, /emails/); keep URLs as written.
    trailingSlash: 'preserve',
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    defaultPendingComponent: () => <LoadingSkeleton lines={3} />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
