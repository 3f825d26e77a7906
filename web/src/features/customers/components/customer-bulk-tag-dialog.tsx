import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

import { formatCount } from '../../../lib/format';
import { useTags } from '../api/get-tags';

import { TagPicker, type TagChoice } from './tag-picker';

interface CustomerBulkTagDialogProps {
  count: number;
  isPending: boolean;
  onPick: (choice: TagChoice) => void;
  onClose: () => void;
}

/** Pick one of the organisation's tags, or type a new name, to add to every selected customer. */
export function CustomerBulkTagDialog({ count, isPending, onPick, onClose }: CustomerBulkTagDialogProps) {
  const tags = useTags();
  const all = tags.data?.rows ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="bulk-tag-title">
      <DialogTitle id="bulk-tag-title">Add a tag</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          To the {count === 1 ? 'selected customer' : `${formatCount(count)} selected customers`}: choose a tag or type a new name.
        </DialogContentText>
        <TagPicker available={all} all={all} loading={tags.isPending} disabled={isPending} onPick={onPick} autoFocus />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
