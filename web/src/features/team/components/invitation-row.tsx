import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, type TeamInvitation } from '@receivables/contracts';

import { StatusChip } from '../../../components/status-chip';
import { formatShortDate } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useResendInvitation, useRevokeInvitation } from '../api/team-actions';

import { deliveryWords } from './invite-member-dialog';


/**
 * An invitation not yet accepted: to whom, as what, until when; the owner may re-send or withdraw
 * it. Its link is not here to copy: only the email (and the answer to sending it) carries the
 * link's token (decision 0025), so re-sending is how to have a link again.
 */
export function InvitationRow({ invitation, managing }: { invitation: TeamInvitation; managing: boolean }) {
  const notify = useNotify();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const expired = invitation.status === 'expired';
  return (
    <Stack component="li" direction="row" useFlexGap aria-label={invitation.email} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1.5 }}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
          <StatusChip label={expired ? 'Expired' : 'Waiting'} color={expired ? 'warning' : 'info'} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {ROLE_LABELS[invitation.role]} · {expired ? `expired ${formatShortDate(invitation.expires_at)}` : `link works until ${formatShortDate(invitation.expires_at)}`}
          {invitation.invited_by ? ` · invited by ${invitation.invited_by}` : ''}
        </Typography>
      </Box>
      {managing ? (
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: (sent) => {
                  const words = deliveryWords(sent);
                  notify(words.text, words.severity);
                },
                onError: (error) => notify(error.message, 'error'),
              })
            }
          >
            Re-send
          </Button>
          <Button
            color="error"
            disabled={revoke.isPending}
            // Not mutate's own callbacks: they are dropped if this row has gone first, and it can go, since the
            // team read again before the mutation settles no longer holds the invitation. The promise always settles.
            onClick={() =>
              void revoke.mutateAsync(invitation.id).then(
                () => notify(`Invitation to ${invitation.email} withdrawn`, 'success'),
                (error: unknown) => notify(error instanceof Error ? error.message : String(error), 'error'),
              )
            }
          >
            Withdraw
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
