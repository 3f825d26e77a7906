import type { OrganisationView } from '@receivables/contracts';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

import { organisationSettingsQueryKey } from '../app/api/get-organisation-settings';
import { AppProviders } from '../app/providers';

import { TEST_ORGANISATION } from './signed-in';

interface RenderOptions {
  /** Where the memory history starts, e.g. `/?page=2` to give the page a search. */
  initialUrl?: string;
  /** The page's own path, for screens that link to themselves (e.g. `/customers/import`). */
  path?: string;
  /** The organisation's settings, as the `_authenticated` route would have loaded them. */
  organisation?: OrganisationView;
}

/**
 * Renders `ui` as the page at `path` (`/` unless given) inside the real providers and a tiny router, so links and
 * navigation work; `/customers/$customerId` is a stub page that shows which id it got. For a component; a screen
 * that is a route is rendered at its URL with `renderRoute` (render-route.tsx).
 */
export function renderWithApp(ui: ReactNode, { initialUrl, path = '/', organisation = TEST_ORGANISATION }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Loaded once, as the `_authenticated` route does, so no test needs a handler for it.
  queryClient.setQueryDefaults(organisationSettingsQueryKey, { staleTime: Infinity });
  queryClient.setQueryData(organisationSettingsQueryKey, organisation);
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()();
  const page = createRoute({ getParentRoute: () => root, path, component: () => ui });
  const customer = createRoute({
    getParentRoute: () => root,
    path: '/customers/$customerId',
    component: function CustomerStub() {
      const { customerId } = customer.useParams();
      return <p>customer page {customerId}</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([page, customer]),
    history: createMemoryHistory({ initialEntries: [initialUrl ?? path] }),
    context: { queryClient },
    trailingSlash: 'preserve',
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router as never} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
