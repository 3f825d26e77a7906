import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type InvitationLookup, ROLE_LABELS } from '@receivables/contracts';
import { useNavigate } from '@tanstack/react-router';

import { useSession } from '../../../app/api/get-session';
import { FormCard } from '../../../components/form-card';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { ButtonLink } from '../../../components/router-link';
import { SubmitButton } from '../../../components/submit-button';
import { isRequestError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useSignOut } from '../../auth/api/sign-out';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { type InvitationLink, invitationPath } from '../api/invitation-link';

import { ROLE_DESCRIPTIONS } from './role-words';

const article = (role: InvitationLookup['role']) => (role === 'member' ? 'a' : 'an');

/**
 * `/invitations/{id}` (decision 0025): what the invitation email's link opens. It says who invited
 * whom to what; a person signed in as the invited address joins with one button, anyone else is
 * led through sign-up or sign-in and back here. An invitation that no longer works says why.
 */
export function InvitationPage({ link }: { link: InvitationLink }) {
  const invitation = useInvitation(link);
  if (invitation.isPending) {
    return (
      <FormCard title="Invitation">
        <LoadingSkeleton lines={3} label="Loading the invitation" />
      </FormCard>
    );
  }
  if (invitation.isError) {
    // A link cut short (no token) reads the same as one that never worked.
    const missing = isRequestError(invitation.error) && (invitation.error.status === 404 || invitation.error.status === 400);
    return (
      <FormCard title={missing ? 'This invitation link does not work' : 'Could not load the invitation'}>
        <Stack spacing={2}>
          <Typography>
            {missing
              ? 'No invitation has this link. Check that it was copied whole, or ask for the invitation to be sent again.'
              : invitation.error.message}
          </Typography>
          {missing ? null : (
            <Button variant="outlined" onClick={() => void invitation.refetch()} sx={{ alignSelf: 'flex-start' }}>
              Try again
            </Button>
          )}
        </Stack>
      </FormCard>
    );
  }
  return <InvitationAnswer link={link} invitation={invitation.data} />;
}

function InvitationAnswer({ link, invitation }: { link: InvitationLink; invitation: InvitationLookup }) {
  const who = invitation.invited_by ?? 'the organisation’s owner';
  const here = invitationPath(link);
  switch (invitation.status) {
    case 'accepted':
      return (
        <FormCard title="Already accepted" subtitle={`${invitation.email} is already in ${invitation.organisation_name}.`}>
          <ButtonLink to="/signin" search={{ redirect_url: '/' }} variant="contained">
            Sign in
          </ButtonLink>
        </FormCard>
      );
    case 'revoked':
      return (
        <FormCard title="This invitation was withdrawn" subtitle={`Ask ${who} to invite you to ${invitation.organisation_name} again.`}>
          {null}
        </FormCard>
      );
    case 'expired':
      return (
        <FormCard
          title="This invitation has expired"
          subtitle={`It stopped working on ${formatLongDate(invitation.expires_at)}. Ask ${who} to send it again: the new email's link works for another week.`}
        >
          {null}
        </FormCard>
      );
    case 'pending':
      return (
        <FormCard
          title={`Join ${invitation.organisation_name}`}
          subtitle={`${who[0]?.toUpperCase() ?? ''}${who.slice(1)} invited ${invitation.email} to join as ${article(invitation.role)} ${ROLE_LABELS[invitation.role].toLowerCase()}.`}
        >
          <Stack spacing={3}>
            <Typography variant="body2" color="text.secondary">
              {ROLE_LABELS[invitation.role]}: {ROLE_DESCRIPTIONS[invitation.role]}
            </Typography>
            <JoinActions link={link} invitation={invitation} here={here} />
          </Stack>
        </FormCard>
      );
  }
}

function JoinActions({ link, invitation, here }: { link: InvitationLink; invitation: InvitationLookup; here: string }) {
  const session = useSession();
  const accept = useAcceptInvitation();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const notify = useNotify();
  if (session.isPending) return <LoadingSkeleton lines={1} label="Checking who is signed in" />;
  const user = session.data?.user;
  if (!user) {
    return (
      <Stack spacing={1.5}>
        <Typography>Create your account with {invitation.email}, or sign in if you have one; you come back here to join.</Typography>
        <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap' }}>
          <ButtonLink to="/signup" search={{ redirect_url: here }} variant="contained">
            Create your account
          </ButtonLink>
          <ButtonLink to="/signin" search={{ redirect_url: here }} variant="outlined">
            Sign in
          </ButtonLink>
        </Stack>
      </Stack>
    );
  }
  if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">
          You are signed in as {user.email}, but this invitation is for {invitation.email}. Sign out, then sign in or create an
          account with {invitation.email}.
        </Alert>
        <SubmitButton type="button" size="medium" variant="outlined" isPending={signOut.isPending} onClick={() => signOut.mutate()} sx={{ alignSelf: 'flex-start' }}>
          Sign out
        </SubmitButton>
      </Stack>
    );
  }
  const join = () =>
    accept.mutate(link, {
      onSuccess: () => {
        notify(`Welcome to ${invitation.organisation_name}`, 'success');
        void navigate({ to: '/' });
      },
    });
  return (
    <Stack spacing={2}>
      {accept.isError ? <Alert severity="error">{accept.error.message}</Alert> : null}
      <SubmitButton type="button" size="medium" isPending={accept.isPending} onClick={join} sx={{ alignSelf: 'flex-start' }}>
        Join {invitation.organisation_name}
      </SubmitButton>
    </Stack>
  );
}
