import type { OrganisationView } from '@receivables/contracts';
import { RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';

import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../router';

import { server } from './msw-server';
import { signedIn, signedOut, TEST_ORGANISATION } from './signed-in';

interface RenderRouteOptions {
  /** The signed-in organisation's settings (its time zone is the one "today" is counted in). */
  organisation?: OrganisationView;
  /** A visitor with no session, as before signing in (the open pages, the guards' redirects). */
  isSignedOut?: boolean;
  /** Keep the app's own retry policy (one quick retry), for the test of how soon an error shows. */
  keepsRetries?: boolean;
}

/**
 * Renders the whole app at `url` (e.g. `/customers/?page=2`), signed in through MSW: the real
 * route tree with its search validation and middlewares, the real guards and app frame, the real
 * query client. A screen test of a route uses this rather than rendering the screen by hand, so it
 * sees the URL the user sees.
 */
export function renderRoute(url: string, options: RenderRouteOptions = {}) {
  const { organisation = TEST_ORGANISATION, isSignedOut = false, keepsRetries = false } = options;
  server.use(...(isSignedOut ? signedOut() : signedIn(organisation)));
  // The browser history the app uses, starting at `url`.
  window.history.replaceState(null, '', url);
  const queryClient = createQueryClient();
  // A failure should show at once, not after the app's retries and their back-off.
  const defaults = queryClient.getDefaultOptions();
  if (!keepsRetries) queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createAppRouter(queryClient);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
