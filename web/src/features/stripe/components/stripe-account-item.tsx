import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Account } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { SubmitButton } from '../../../components/submit-button';
import { formatDateTime, formatLongDate } from '../../../lib/format';
import { useSyncAccount } from '../api/account-actions';
import { isSyncing } from '../api/get-accounts';

import { DisconnectAccountDialog } from './disconnect-account-dialog';
import { SyncProgress } from './sync-progress';

/** One connected (or once connected) Stripe account: its mode, its sync, and what can be done with it. */
export function StripeAccountItem({ account }: { account: Account }) {
  const { allowed: canManage } = usePermission('integrations');
  const [isDisconnecting, setDisconnecting] = useState(false);
  const sync = useSyncAccount();
  const connected = account.status === 'connected';
  const when = connected
    ? `Connected ${formatLongDate(account.connected_at)}`
    : `Disconnected ${formatLongDate(account.disconnected_at)}${account.disconnected_reason === 'deauthorized' ? ': the app was removed in Stripe' : ''}`;
  const synced = account.last_synced_at ? ` · Last synced ${formatDateTime(account.last_synced_at)}` : '';
  return (
    <Stack component="article" spacing={2} aria-label={`Stripe account ${account.external_account_id}`}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {account.external_account_id}
        </Typography>
        <Chip size="small" variant="outlined" label={account.livemode ? 'Live' : 'Test mode'} color={account.livemode ? 'default' : 'warning'} />
        <Chip size="small" variant="outlined" label={connected ? 'Connected' : 'Disconnected'} color={connected ? 'success' : 'default'} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {when + synced}
      </Typography>
      {connected || account.sync.status ? <SyncProgress account={account} /> : null}
      {sync.isError ? <Alert severity="error">{sync.error.message}</Alert> : null}
      {connected && canManage ? (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <SubmitButton type="button" variant="outlined" size="medium" isPending={sync.isPending} disabled={sync.isPending || isSyncing(account)} onClick={() => sync.mutate(account.id)}>
            Sync now
          </SubmitButton>
          <Button color="error" onClick={() => setDisconnecting(true)}>
            Disconnect
          </Button>
        </Stack>
      ) : null}
      {isDisconnecting ? <DisconnectAccountDialog account={account} onClose={() => setDisconnecting(false)} /> : null}
    </Stack>
  );
}
