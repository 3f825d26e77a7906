import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TeamMember } from '@receivables/contracts';
import { Fragment, useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SectionCard } from '../../../components/section-card';
import { useTeam } from '../api/get-team';

import { InvitationRow } from './invitation-row';
import { InviteMemberDialog } from './invite-member-dialog';
import { LeaveOrganisationCard } from './leave-organisation-card';
import { MemberRow } from './member-row';
import { RemoveMemberDialog } from './remove-member-dialog';

// No markers: the dividers between rows are list items too.
const listSx = { m: 0, p: 0, listStyle: 'none' } as const;

/**
 * Settings → Team (decision 0025): who is in the organisation and as what, the invitations still
 * waiting, and leaving. The owner invites, re-sends and withdraws, changes roles and removes;
 * everyone else reads, with the reason.
 */
export function TeamSection() {
  const team = useTeam();
  const managing = usePermission('team');
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  if (team.isPending) return <LoadingSkeleton lines={6} label="Loading the team" />;
  if (team.isError) {
    return <ErrorPanel title="Failed to load the team" message={team.error.message} onRetry={() => void team.refetch()} isRetrying={team.isFetching} />;
  }
  const { members, invitations } = team.data;
  const owners = members.filter((m) => m.role === 'owner');
  const isOnlyOwner = owners.length === 1 && owners[0]?.is_you === true;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <SectionCard
        title="Members"
        description={`${members.length} ${members.length === 1 ? 'person' : 'people'} in this organisation.`}
        actions={
          managing.allowed ? (
            <Button variant="contained" onClick={() => setInviting(true)}>
              Invite someone
            </Button>
          ) : null
        }
      >
        <Stack spacing={2}>
          {managing.reason ? <ReadOnlyNotice reason={managing.reason} /> : null}
          <Stack component="ul" aria-label="Members" sx={listSx}>
            {members.map((member, index) => (
              <Fragment key={member.id}>
                {index > 0 ? <Divider component="li" aria-hidden /> : null}
                <MemberRow member={member} managing={managing.allowed} onRemove={setRemoving} />
              </Fragment>
            ))}
          </Stack>
        </Stack>
      </SectionCard>
      <SectionCard title="Invitations" description="Invitations not yet accepted. A link works for a week; re-sending gives it another.">
        {invitations.length === 0 ? (
          <Typography color="text.secondary">
            {managing.allowed ? 'No invitations waiting. Invite someone to share the chasing.' : 'No invitations waiting.'}
          </Typography>
        ) : (
          <Stack component="ul" aria-label="Invitations" sx={listSx}>
            {invitations.map((invitation, index) => (
              <Fragment key={invitation.id}>
                {index > 0 ? <Divider component="li" aria-hidden /> : null}
                <InvitationRow invitation={invitation} managing={managing.allowed} />
              </Fragment>
            ))}
          </Stack>
        )}
      </SectionCard>
      <LeaveOrganisationCard isOnlyOwner={isOnlyOwner} />
      {inviting ? <InviteMemberDialog onClose={() => setInviting(false)} /> : null}
      {removing ? <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </Stack>
  );
}
