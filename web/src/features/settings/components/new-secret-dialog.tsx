import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { InboundSecret } from '@receivables/contracts';
import { useId } from 'react';

import { CopyValue } from '../../../components/copy-value';
import { urlWithSecret } from '../inbound-webhook';


/**
 * The new webhook secret, shown this once (only its hash is kept, decision 0021). A click beside
 * the dialog does not close it, so the secret is not lost by accident; Done and Escape do.
 */
export function NewSecretDialog({ secret, onClose }: { secret: InboundSecret; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Your new webhook secret</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            It will not be shown again. Copy it into your forwarding service now; if it is lost, replace it with a new one.
          </Alert>
          <CopyValue label="Secret" value={secret.secret} />
          <CopyValue label="Webhook URL with the secret" value={urlWithSecret(secret.webhook_url, secret.secret)} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
