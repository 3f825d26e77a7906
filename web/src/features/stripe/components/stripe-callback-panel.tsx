import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { createLink } from '@tanstack/react-router';

import { PageHeader } from '../../../components/page-header';
import type { StripeCallback } from '../../../lib/route-search';

const ButtonLink = createLink(Button);

/** Where Stripe sends the user back after connecting (or declining to connect) an account. */
export function StripeCallbackPanel({ callback }: { callback: StripeCallback }) {
  return (
    <>
      <PageHeader
        title="Connect Stripe"
        description="Connecting a Stripe account lets us import your customers, invoices and payments automatically."
      />
      {callback.kind === 'install' ? (
        <Alert severity="success" sx={{ mb: 3 }}>
          <AlertTitle>Stripe sent us back your account</AlertTitle>
          Account {callback.accountId} ({callback.livemode ? 'live mode' : 'test mode'}) is ready to be linked to this
          organisation.
        </Alert>
      ) : null}
      {callback.kind === 'error' ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <AlertTitle>Stripe was not connected</AlertTitle>
          {callback.description}
        </Alert>
      ) : null}
      {callback.kind === 'invalid' ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          <AlertTitle>This link is incomplete</AlertTitle>
          It is missing the details Stripe adds when it sends you back. Start the connection again from Settings.
        </Alert>
      ) : null}
      <ButtonLink to="/settings" variant="outlined">
        Go to Settings
      </ButtonLink>
    </>
  );
}
