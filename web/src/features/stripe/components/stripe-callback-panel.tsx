import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

import { PageHeader } from '../../../components/page-header';
import { ButtonLink } from '../../../components/router-link';
import { SubmitButton } from '../../../components/submit-button';
import { isRequestError } from '../../../lib/request-error';
import type { StripeCallback } from '../../../lib/route-search';
import { useNotify } from '../../../lib/use-notify';
import { useCompleteStripeInstall } from '../api/complete-stripe-install';
import { useConnectStripe } from '../api/connect-stripe';

/**
 * Where Stripe sends the person back after installing (or declining to install) the app
 * (decision 0022). An install is completed at once — the server checks Stripe's signature and our
 * state — and the person lands on Settings → Integrations to watch the first sync; a refusal or a
 * cancellation says why, with a way to start again.
 */
export function StripeCallbackPanel({ callback }: { callback: StripeCallback }) {
  return (
    <>
      <PageHeader
        title="Connect Stripe"
        description="Connecting a Stripe account brings in your customers, invoices and payments, and keeps them up to date."
      />
      {callback.kind === 'install' ? <CompleteInstall install={callback} /> : null}
      {callback.kind === 'error' ? (
        <Ending severity="warning" title="Stripe was not connected">
          {callback.description}
        </Ending>
      ) : null}
      {callback.kind === 'invalid' ? (
        <Ending severity="error" title="This link is incomplete">
          It is not the link Stripe sends you back with, or part of it was changed or lost on the way. Start the connection again
          from Settings.
        </Ending>
      ) : null}
    </>
  );
}

function CompleteInstall({ install }: { install: Extract<StripeCallback, { kind: 'install' }> }) {
  const complete = useCompleteStripeInstall();
  const navigate = useNavigate();
  const notify = useNotify();
  // The state is single-use: posting it twice (a re-render, StrictMode's second effect) would be refused.
  const sent = useRef<string | null>(null);
  const key = `${install.accountId}:${install.state ?? ''}:${install.installSignature}`;
  const { mutate } = complete;
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    mutate(
      {
        user_id: install.userId,
        account_id: install.accountId,
        install_signature: install.installSignature,
        livemode: install.livemode,
        ...(install.state ? { state: install.state } : {}),
      },
      {
        onSuccess: ({ account }) => {
          notify(`Stripe account ${account.external_account_id} connected: its first sync has started`, 'success');
          // Replaced, so Back does not present the used callback again.
          void navigate({ to: '/settings/integrations', replace: true });
        },
      },
    );
  }, [key, install, mutate, navigate, notify]);

  if (complete.isError) {
    return (
      <Ending severity="error" title="Stripe was not connected">
        {refusalText(complete.error)}
      </Ending>
    );
  }
  const mode = install.livemode ? 'live mode' : 'test mode';
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography aria-live="polite">{`Connecting Stripe account ${install.accountId} (${mode})…`}</Typography>
      <LinearProgress aria-label="Connecting your Stripe account" />
    </Stack>
  );
}

/** What the server's refusal names (a field of the callback, decision 0022), in a person's words. */
const REFUSED_SUBJECTS = new Map([
  ['install_signature', 'Stripe’s signature on this link'],
  ['state', 'The request this link answers'],
]);

/**
 * Why the server refused the install, said to the person: its message names the field it refused
 * (`its install_signature does not match…`), which means nothing to them, so the field's reason
 * is given a subject they can picture. Any other refusal is already in plain words.
 */
function refusalText(error: Error): string {
  const [issue] = isRequestError(error) && error.code === 'DOMAIN_RULE' ? error.details : [];
  const subject = issue ? REFUSED_SUBJECTS.get(issue.field) : undefined;
  return issue && subject ? `${subject} ${issue.reason}.` : error.message;
}

/** How a connection that did not happen ends: why, and the two ways on. */
function Ending({ severity, title, children }: { severity: 'warning' | 'error'; title: string; children: string }) {
  const connect = useConnectStripe();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Alert severity={severity}>
        <AlertTitle>{title}</AlertTitle>
        {children}
      </Alert>
      {connect.isError ? <Alert severity="error">{connect.error.message}</Alert> : null}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <SubmitButton type="button" size="medium" isPending={connect.isPending || connect.isSuccess} onClick={() => connect.mutate()}>
          Connect again
        </SubmitButton>
        <ButtonLink to="/settings/integrations" variant="outlined">
          Go to Settings
        </ButtonLink>
      </Stack>
    </Stack>
  );
}
