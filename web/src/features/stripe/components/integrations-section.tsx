import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';

import { useInstanceInfo } from '../../../app/api/get-instance-info';
import { usePermission } from '../../../app/use-permission';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { useConnectStripe } from '../api/connect-stripe';
import { useAccounts } from '../api/get-accounts';

import { StripeAccountItem } from './stripe-account-item';

/**
 * Settings → Integrations (decision 0022): connect a Stripe account, and follow each account's
 * sync — stage, counts, percentage and what was left out — as it runs. `goTo` leaves for Stripe's
 * install page (the browser's own navigation unless a test says otherwise). On a server not set up
 * for Stripe nothing offers to connect; it says so instead (decision 0046).
 */
export function IntegrationsSection({
  goTo,
}: {
  goTo?: (url: string) => void;
}) {
  const accounts = useAccounts();
  const connect = useConnectStripe(goTo);
  const managing = usePermission('integrations');
  // Offered until the server says it cannot (it is asked once and kept): a press before then that
  // cannot work is refused with the same words.
  const canConnect = useInstanceInfo().data?.stripe_connect !== false;
  if (accounts.isPending)
    return <LoadingSkeleton lines={6} label="Loading integrations" />;
  if (accounts.isError) {
    return (
      <ErrorPanel
        title="Failed to load integrations"
        message={accounts.error.message}
        onRetry={() => void accounts.refetch()}
        isRetrying={accounts.isFetching}
      />
    );
  }
  const { rows } = accounts.data;
  const hasConnected = rows.some((a) => a.status === 'connected');
  const connectButton =
    !managing.allowed || !canConnect ? null : (
      <SubmitButton
        type="button"
        size="medium"
        variant={hasConnected ? 'outlined' : 'contained'}
        isPending={connect.isPending || connect.isSuccess}
        onClick={() => connect.mutate()}
      >
        {hasConnected ? 'Connect another account' : 'Connect Stripe'}
      </SubmitButton>
    );
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <SectionCard
        title="Stripe"
        description="Customers, open invoices, payment links and payments arrive from your Stripe account and stay up to date: a payment or a void there stops the chasing here at once."
        actions={connectButton}
      >
        <Stack spacing={3}>
          {managing.reason && canConnect ? (
            <ReadOnlyNotice reason={managing.reason} />
          ) : null}
          {connect.isError ? (
            <Alert severity="error">{connect.error.message}</Alert>
          ) : null}
          {!canConnect ? (
            <Typography color="text.secondary">
              Connecting Stripe is not available on this installation: whoever
              runs it can set it up (its README, “Stripe”). Until then,
              customers and invoices come in by import or by hand.
            </Typography>
          ) : null}
          {rows.length === 0 ? (
            canConnect ? (
              <Typography color="text.secondary">
                No Stripe account is connected. Connecting sends you to Stripe
                to choose the account and allow this app to read it; you come
                back here as its first sync starts.
              </Typography>
            ) : null
          ) : (
            rows.map((account, index) => (
              <Fragment key={account.id}>
                {index > 0 ? <Divider /> : null}
                <StripeAccountItem account={account} />
              </Fragment>
            ))
          )}
        </Stack>
      </SectionCard>
    </Stack>
  );
}
