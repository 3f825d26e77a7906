import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Workflow } from '@receivables/contracts';
import { useId, useState } from 'react';

import { useNotify } from '../../../lib/use-notify';
import { useDeleteWorkflow } from '../api/delete-workflow';

/** The choice that sends customers back to whatever the default is (no `reassign_to`). */
const FOLLOW_DEFAULT = 'default';

interface WorkflowDeleteDialogProps {
  workflow: Workflow;
  /** Every workflow, to offer the others as a new home for its customers. */
  workflows: Workflow[];
  onClose: () => void;
  onDeleted: () => void;
}

/** Delete a workflow; when customers chose it, say where they go: the default, or another workflow. */
export function WorkflowDeleteDialog({ workflow, workflows, onClose, onDeleted }: WorkflowDeleteDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const remove = useDeleteWorkflow();
  const [target, setTarget] = useState(FOLLOW_DEFAULT);
  const [error, setError] = useState<string | null>(null);
  const fallback = workflows.find((w) => w.is_default);
  // The default is offered as "follow the default": they then move with it if another becomes the default.
  const others = workflows.filter((w) => w.id !== workflow.id && !w.is_default);
  const count = workflow.customer_count;

  // Awaited rather than mutate's callbacks: once the list no longer holds the workflow this dialog
  // unmounts, and callbacks of an unmounted mutate never run.
  const onConfirm = async () => {
    setError(null);
    const reassignTo = target === FOLLOW_DEFAULT ? undefined : target;
    try {
      await remove.mutateAsync({ id: workflow.id, reassignTo });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The workflow could not be deleted.');
      return;
    }
    notify(`Workflow “${workflow.name}” deleted`, 'success');
    onDeleted();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete “{workflow.name}”?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <DialogContentText>
            {count === 0
              ? 'No customer has chosen this workflow. Its steps are deleted with it.'
              : `${count === 1 ? '1 customer follows' : `${count} customers follow`} this workflow. Choose where ${count === 1 ? 'it goes' : 'they go'}; its steps are deleted with it.`}
          </DialogContentText>
          {count > 0 ? (
            <TextField select label="Move its customers to" value={target} onChange={(event) => setTarget(event.target.value)} fullWidth>
              <MenuItem value={FOLLOW_DEFAULT}>The default workflow{fallback ? ` (${fallback.name})` : ''}</MenuItem>
              {others.map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {w.name}
                  {w.enabled ? '' : ' (disabled)'}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void onConfirm()}
          disabled={remove.isPending}
          // Dark mode's light red under white text falls short of 4.5:1; its darker shade does not.
          sx={(theme) => theme.applyStyles('dark', { bgcolor: 'error.dark' })}
        >
          Delete workflow
        </Button>
      </DialogActions>
    </Dialog>
  );
}
