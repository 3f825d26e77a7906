import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface Confirmation {
  title: string;
  body: string;
  /** The action's own verb ("Resume", "Send 3 emails now"), never "OK". */
  confirmLabel: string;
  onConfirm: () => void;
}

interface ConfirmDialogProps {
  confirmation: Confirmation;
  isPending: boolean;
  onClose: () => void;
  /** The button that closes without acting; "Cancel" unless that is the action's own word. */
  closeLabel?: string;
  /** The action cannot be undone and takes something away: its button is red. */
  isDestructive?: boolean;
}

/** A last look before an action over a selection, saying how many and what happens (decisions 0008, 0045). */
export function ConfirmDialog({ confirmation, isPending, onClose, closeLabel = 'Cancel', isDestructive = false }: ConfirmDialogProps) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="bulk-confirm-title" aria-describedby="bulk-confirm-body">
      <DialogTitle id="bulk-confirm-title">{confirmation.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="bulk-confirm-body">{confirmation.body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{closeLabel}</Button>
        <Button variant="contained" color={isDestructive ? 'error' : 'primary'} disabled={isPending} onClick={confirmation.onConfirm}>
          {confirmation.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
