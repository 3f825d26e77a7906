import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';

import { InvitationPage } from '../../features/team/components/invitation-page';

/** An invitation's accept page: open to anyone with the link, signed in or not (decision 0025). */
export const Route = createFileRoute('/_guest/invitations/$invitationId')({
  // The link's token (decision 0025); a link without one reads as a link that does not work.
  validateSearch: z.object({ token: z.string().catch('') }),
  component: InvitationRoute,
});

function InvitationRoute() {
  const { invitationId } = Route.useParams();
  const { token } = Route.useSearch();
  return <InvitationPage link={{ id: invitationId, token }} />;
}
