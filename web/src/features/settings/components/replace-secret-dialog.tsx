import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';

import { SubmitButton } from '../../../components/submit-button';

interface ReplaceSecretDialogProps {
  isPending: boolean;
  refusal: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before replacing the webhook secret: the old one stops working the moment the new one is made. */
export function ReplaceSecretDialog({ isPending, refusal, onConfirm, onClose }: ReplaceSecretDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Replace the webhook secret?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {refusal ? <Alert severity="error">{`Could not create a secret: ${refusal}`}</Alert> : null}
          <DialogContentText>
            The old secret stops working at once: replies your forwarding service sends with it are refused until you give it the new one.
          </DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Keep the old one</Button>
        <SubmitButton type="button" color="warning" size="medium" isPending={isPending} onClick={onConfirm}>
          Replace secret
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
