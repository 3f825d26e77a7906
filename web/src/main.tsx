import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { sessionQueryKey } from './app/api/get-session';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './router';

// A 401 on any read means the session ended (signed out elsewhere, expired): forget the cached
// session and re-run the route guards, which send the user to sign in and back afterwards.
const queryClient = createQueryClient({
  onUnauthenticated: () => {
    queryClient.removeQueries({ queryKey: sessionQueryKey });
    void router.invalidate();
  },
});
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
