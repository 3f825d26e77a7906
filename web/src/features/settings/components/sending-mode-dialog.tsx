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

import { SubmitButton } from '../../../components/submit-button';
import { formatCount } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useSendingMode } from '../api/get-sending-mode';
import { useUpdateSendingMode } from '../api/update-sending-mode';
import { missingInWords } from '../sending-modes';

const emails = (n: number) => `${formatCount(n)} ${n === 1 ? 'email is' : 'emails are'}`;

/**
 * Confirms switching to sending (how many emails are due in the next 24 hours, read afresh) or to
 * disabled. What sending still needs is said instead of a button; a refusal by the server is shown as it said it.
 */
export function SendingModeDialog({ target, onClose, onSwitched }: { target: Exclude<SendingMode, 'dryrun'>; onClose: () => void; onSwitched: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const state = useSendingMode();
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
            {`${emails(state.data.due_next_24h)} due in the next 24 hours. They will be sent to your customers, and so will every reminder after them. Switching back to dry run stops it at any time.`}
          </DialogContentText>
        ) : (
          <DialogContentText>
            {`Nothing will be planned or sent. ${emails(state.data.due_next_24h)} due in the next 24 hours; they are set aside, and planned again if you switch back.`}
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
