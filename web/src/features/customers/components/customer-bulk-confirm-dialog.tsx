import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface BulkConfirmation {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * A last look before an action over every matching customer (thousands, most of them off
 * screen) that has no dialog of its own: resuming restarts their chasing.
 */
interface CustomerBulkConfirmDialogProps {
  confirmation: BulkConfirmation;
  isPending: boolean;
  onClose: () => void;
}

export function CustomerBulkConfirmDialog({ confirmation, isPending, onClose }: CustomerBulkConfirmDialogProps) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="bulk-confirm-title">
      <DialogTitle id="bulk-confirm-title">{confirmation.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{confirmation.body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={isPending} onClick={confirmation.onConfirm}>
          {confirmation.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
