import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';

import { ActivityScreen, type EmailsSearchUpdate } from '../../../features/activity/components/activity-screen';
import { EMAILS_SEARCH_DEFAULTS, emailsSearchSchema } from '../../../lib/route-search';

export const Route = createFileRoute('/_authenticated/emails/')({
  validateSearch: emailsSearchSchema,
  // Defaults stay out of the URL: a plain /emails/ is the outbox of every customer.
  search: { middlewares: [stripSearchParams(EMAILS_SEARCH_DEFAULTS)] },
  component: ActivityRoute,
});

function ActivityRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (update: EmailsSearchUpdate) => void navigate({ search: (prev) => ({ ...prev, ...update }) }),
    [navigate],
  );
  return <ActivityScreen search={search} onSearchChange={onSearchChange} />;
}
