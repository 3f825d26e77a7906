import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Account } from '@receivables/contracts';
import { useId } from 'react';

import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useDisconnectAccount } from '../api/account-actions';

/** Asks before disconnecting: syncing stops, and what the account brought in stays. */
export function DisconnectAccountDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const disconnect = useDisconnectAccount();
  const confirm = () =>
    disconnect.mutate(account.id, {
      onSuccess: () => {
        notify(`Stripe account ${account.external_account_id} disconnected`, 'success');
        onClose();
      },
    });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Disconnect {account.external_account_id}?</DialogTitle>
      <DialogContent>
        {disconnect.isError ? <Alert severity="error" sx={{ mb: 2 }}>{disconnect.error.message}</Alert> : null}
        <DialogContentText>
          Customers, invoices and payments stop arriving from Stripe, and payments made there are no longer seen here. What
          has arrived stays, with its history; you can connect the account again at any time.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Keep it</Button>
        <SubmitButton type="button" color="error" size="medium" isPending={disconnect.isPending} onClick={confirm}>
          Disconnect
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
