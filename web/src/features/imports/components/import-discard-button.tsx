import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { CustomerImport } from '@receivables/contracts';
import { useState } from 'react';

import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useDiscardImport } from '../api/discard-import';

interface ImportDiscardButtonProps {
  source: CustomerImport;
  /** Back to the upload step once the import is gone. */
  onDiscarded: () => void;
  disabled?: boolean;
}

/** Throws away an upload that was never started, after asking: it cannot be undone. */
export function ImportDiscardButton({ source, onDiscarded, disabled = false }: ImportDiscardButtonProps) {
  const [isAsking, setAsking] = useState(false);
  const discard = useDiscardImport(source.id);
  const notify = useNotify();

  const confirm = () =>
    discard.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        notify(`${source.filename} discarded`, 'success');
        onDiscarded();
      },
      onError: (error) => notify(`Could not discard the import: ${error.message}`, 'error'),
    });

  return (
    <>
      <Button color="error" size="large" startIcon={<DeleteOutlineRounded />} onClick={() => setAsking(true)} disabled={disabled} sx={{ mr: { sm: 'auto' } }}>
        Discard
      </Button>
      <Dialog open={isAsking} onClose={() => setAsking(false)} aria-labelledby="discard-import-title" maxWidth="xs" fullWidth>
        <DialogTitle id="discard-import-title">Discard this import?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`${source.filename} and its ${source.total_rows === 1 ? 'row' : 'rows'} will be deleted. Nothing has been imported from it yet.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setAsking(false)}>Keep it</Button>
          <SubmitButton type="button" color="error" size="medium" isPending={discard.isPending} onClick={confirm}>
            Discard import
          </SubmitButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
