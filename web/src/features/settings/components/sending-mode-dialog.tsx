import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import type { SendingMode } from '@receivables/contracts';
import { useId, useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useSendingMode } from '../api/get-sending-mode';
import { useUpdateSendingMode } from '../api/update-sending-mode';
import { missingInWords, nextEmailsInBrief, nextEmailsInWords } from '../sending-modes';

/**
 * Confirms switching to sending (when the next emails go and how many, read afresh: decision 0046) or to
 * disabled. What sending still needs is said instead of a button; a refusal by the server is shown as it said it.
 */
export function SendingModeDialog({ target, onClose, onSwitched }: { target: Exclude<SendingMode, 'dryrun'>; onClose: () => void; onSwitched: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const state = useSendingMode();
  const today = useOrganisationToday();
  const update = useUpdateSendingMode();
  const [refusal, setRefusal] = useState<string | null>(null);
  const blocked = target === 'sending' && state.data !== undefined && state.data.missing.length > 0;

  const confirm = () =>
    update.mutate(target, {
      onSuccess: () => {
        notify(target === 'sending' ? 'Sending is on: due reminders go out to your customers' : 'Sending is disabled', 'success');
        onSwitched();
      },
      onError: (error) => setRefusal(error.message),
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{target === 'sending' ? 'Start sending reminders?' : 'Disable sending?'}</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {refusal}
          </Alert>
        ) : null}
        {state.isPending ? (
          <Skeleton aria-label="Counting the emails due" height={48} />
        ) : state.isError ? (
          <Alert severity="error">{`Could not count the emails due: ${state.error.message}`}</Alert>
        ) : blocked ? (
          <Alert severity="warning" role="alert">{`Emails cannot be sent yet: set up ${missingInWords(state.data.missing)} first.`}</Alert>
        ) : target === 'sending' ? (
          <DialogContentText>
            {state.data.next_send === null
              ? 'No email is planned yet. Reminders will be sent to your customers as they fall due. Switching back to dry run stops it at any time.'
              : `${nextEmailsInWords(state.data.next_send, today)}. They will be sent to your customers, and so will every reminder after them. Switching back to dry run stops it at any time.`}
          </DialogContentText>
        ) : (
          <DialogContentText>
            {state.data.next_send === null
              ? 'Nothing will be planned or sent. No email is planned now.'
              : `Nothing will be planned or sent. The emails planned (next: ${nextEmailsInBrief(state.data.next_send, today)}) are set aside, and planned again if you switch back.`}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{blocked ? 'Close' : 'Cancel'}</Button>
        {blocked || state.isError ? null : (
          <SubmitButton type="button" size="medium" isPending={update.isPending} disabled={state.isPending || update.isPending} onClick={confirm}>
            {target === 'sending' ? 'Start sending' : 'Disable sending'}
          </SubmitButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
