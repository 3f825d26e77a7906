import { createFileRoute } from '@tanstack/react-router';

import { InvitationPage } from '../../features/team/components/invitation-page';

/** An invitation's accept page: open to anyone with the link, signed in or not (decision 0025). */
export const Route = createFileRoute('/_guest/invitations/$invitationId')({
  component: InvitationRoute,
});

function InvitationRoute() {
  const { invitationId } = Route.useParams();
  return <InvitationPage invitationId={invitationId} />;
}
