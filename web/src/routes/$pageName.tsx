import { createFileRoute, notFound } from '@tanstack/react-router';

import { StaticPage } from '../features/static-pages/components/static-page';
import { isStaticPageName, STATIC_PAGES } from '../features/static-pages/content';

/**
 * Open static pages by name (docs/product.md, Routes: `/{splat}`); any other single-segment path is not found.
 * The param is not called `splat` because the route generator would then give this route and the
 * catch-all (`$.tsx`) the same identifier.
 */
export const Route = createFileRoute('/$pageName')({
  // The pages' text travels with the page, not in every first visit (decision 0004, Route splitting).
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ params }) => {
    if (!isStaticPageName(params.pageName)) throw notFound();
    return { page: STATIC_PAGES[params.pageName] };
  },
  component: StaticPageRoute,
});

function StaticPageRoute() {
  const { page } = Route.useLoaderData();
  return <StaticPage page={page} />;
}
