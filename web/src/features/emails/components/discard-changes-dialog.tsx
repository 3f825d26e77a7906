import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Asked before closing an editor with unsaved work, so Escape or a stray click loses nothing. */
export function DiscardChangesDialog({ onKeepEditing, onDiscard }: { onKeepEditing: () => void; onDiscard: () => void }) {
  return (
    <Dialog open onClose={onKeepEditing} maxWidth="xs" aria-labelledby="discard-changes-title">
      <DialogTitle id="discard-changes-title">Discard this template?</DialogTitle>
      <DialogContent>
        <DialogContentText>Your changes have not been saved.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onKeepEditing} autoFocus>
          Keep editing
        </Button>
        <Button color="error" onClick={onDiscard}>
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
