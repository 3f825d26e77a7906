import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';

import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useLeaveOrganisation } from '../api/leave-organisation';

/**
 * Leave the organisation: anyone may, except its only owner (the API says so, and so does this
 * card before they try). Afterwards they choose another organisation or make one.
 */
export function LeaveOrganisationCard({ isOnlyOwner }: { isOnlyOwner: boolean }) {
  const titleId = useId();
  const notify = useNotify();
  const navigate = useNavigate();
  const leave = useLeaveOrganisation();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        notify('You left the organisation', 'success');
        void navigate({ to: '/org-select', search: { redirect_url: '/' } });
      },
    });
  return (
    <SectionCard
      title="Leave the organisation"
      description="You lose access to its customers and chasing at once; someone would have to invite you again."
      actions={
        <Button color="error" variant="outlined" disabled={isOnlyOwner} onClick={() => setAsking(true)}>
          Leave
        </Button>
      }
    >
      {isOnlyOwner ? (
        <Alert severity="info" role="note">
          You are its only owner: make someone else owner first, or delete the organisation in Settings → Organisation.
        </Alert>
      ) : null}
      {asking ? (
        <Dialog open onClose={() => setAsking(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
          <DialogTitle id={titleId}>Leave the organisation?</DialogTitle>
          <DialogContent>
            {leave.isError ? <Alert severity="error" sx={{ mb: 2 }}>{leave.error.message}</Alert> : null}
            <DialogContentText>You lose access at once. What you did stays in its audit log with your name.</DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setAsking(false)}>Stay</Button>
            <SubmitButton type="button" color="error" size="medium" isPending={leave.isPending} onClick={confirm}>
              Leave
            </SubmitButton>
          </DialogActions>
        </Dialog>
      ) : null}
    </SectionCard>
  );
}
