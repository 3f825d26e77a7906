import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { EventDetail } from '@receivables/contracts';
import { useId, useState } from 'react';

import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useCancelEvent } from '../api/cancel-event';

/**
 * Asks before stopping a planned email. The server may refuse (409: it went out, or was cancelled
 * meanwhile): its words are shown here, and the page behind it is refreshed to say what happened.
 */
export function CancelEventDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const cancel = useCancelEvent(event.id, event.customer_id);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        notify('Email cancelled: it will not be sent', 'success');
        onClose();
      },
      onError: (error) => setRefusal(error.message),
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Cancel this email?</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : (
          <DialogContentText>
            {`“${event.subject}” to ${event.customer_name} will not be sent. It stays in Activity as superseded, cancelled by you. The workflow does not plan it again for this overdue spell.`}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {refusal ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button onClick={onClose}>Keep it</Button>
            <SubmitButton type="button" color="error" size="medium" isPending={cancel.isPending} onClick={confirm}>
              Cancel email
            </SubmitButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
