import { eventIdParamsSchema } from '@receivables/contracts';
import { createFileRoute, notFound } from '@tanstack/react-router';

import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { eventQueryOptions, useEvent } from '../../../features/activity/api/get-event';
import { EventDetailScreen } from '../../../features/activity/components/event-detail-screen';
import { isRequestError } from '../../../lib/api-client';

export const Route = createFileRoute('/_authenticated/emails/$eventId')({
  // As the customer page: an id of no email of the organisation (or no id at all) is the
  // not-found screen; any other failure is this route's error screen.
  loader: async ({ context, params }) => {
    if (!eventIdParamsSchema.safeParse({ id: params.eventId }).success) throw notFound();
    try {
      return await context.queryClient.query(eventQueryOptions(params.eventId));
    } catch (error) {
      if (isRequestError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: () => <LoadingSkeleton height={180} label="Loading email" />,
  component: EventRoute,
});

function EventRoute() {
  const { eventId } = Route.useParams();
  const { data: event } = useEvent(eventId);
  return <EventDetailScreen event={event} />;
}
