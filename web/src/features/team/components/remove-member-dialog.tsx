import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TeamMember } from '@receivables/contracts';
import { useId } from 'react';

import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useRemoveMember } from '../api/team-actions';

/** Asks before removing someone: they lose access at once; what they did stays, with their name on it. */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const remove = useRemoveMember();
  const confirm = () =>
    remove.mutate(member.id, {
      onSuccess: () => {
        notify(`${member.name} removed from the organisation`, 'success');
        onClose();
      },
    });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Remove {member.name}?</DialogTitle>
      <DialogContent>
        {remove.isError ? <Alert severity="error" sx={{ mb: 2 }}>{remove.error.message}</Alert> : null}
        <DialogContentText>
          {member.name} ({member.email}) loses access to this organisation at once. What they did stays in the audit log with
          their name; you can invite them again later.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Keep them</Button>
        <SubmitButton type="button" color="error" size="medium" isPending={remove.isPending} onClick={confirm}>
          Remove
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
