import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { EmailTemplate } from '@receivables/contracts';

import { SubmitButton } from '../../../components/submit-button';
import { isRequestError } from '../../../lib/request-error';
import { useNotify } from '../../../lib/use-notify';
import { useDeleteEmailTemplate } from '../api/delete-email-template';
import { usedByText } from '../template-labels';

/**
 * Confirms deleting a template. One in use is not blocked here: the server answers 409 naming the
 * workflows that send it, which says more than a disabled button could.
 */
export function TemplateDeleteDialog({ template, onClose }: { template: EmailTemplate; onClose: () => void }) {
  const notify = useNotify();
  const remove = useDeleteEmailTemplate();
  const refusal = remove.error ? (isRequestError(remove.error) ? remove.error.message : 'Something went wrong. Please try again.') : null;

  const confirm = () => {
    remove.mutate(template.id, {
      onSuccess: () => {
        notify(`Template “${template.name}” deleted`, 'success');
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="delete-template-title">
      <DialogTitle id="delete-template-title">Delete “{template.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {template.used_by > 0
            ? `${usedByText(template.used_by)} of a workflow; a template in use cannot be deleted until the workflows stop using it.`
            : 'No workflow uses it. This cannot be undone.'}
        </DialogContentText>
        {refusal ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {refusal}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{refusal ? 'Close' : 'Cancel'}</Button>
        <SubmitButton type="button" color="error" size="medium" isPending={remove.isPending} onClick={confirm}>
          Delete
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
