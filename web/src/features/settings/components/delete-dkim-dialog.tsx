import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';

import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useDeleteDkimKey } from '../api/delete-dkim-key';

/** Asks before forgetting the DKIM key: mail goes out unsigned afterwards. */
export function DeleteDkimDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const remove = useDeleteDkimKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notify('DKIM key removed: mail goes out unsigned', 'success');
        onClose();
      },
      onError: (error) => setRefusal(error.message),
    });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Remove the DKIM key?</DialogTitle>
      <DialogContent>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <DialogContentText>
          Mail will go out unsigned. The key cannot be brought back; you can make a new one at any time.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Keep it</Button>
        <SubmitButton type="button" color="error" size="medium" isPending={remove.isPending} onClick={confirm}>
          Remove key
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
