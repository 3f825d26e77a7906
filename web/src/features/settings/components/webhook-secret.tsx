import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboundSecret } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { SubmitButton } from '../../../components/submit-button';
import { formatDateTime } from '../../../lib/format';
import { useCreateInboundSecret } from '../api/create-inbound-secret';
import { urlWithSecretPattern } from '../inbound-webhook';

import { InlineCode } from './inline-code';
import { NewSecretDialog } from './new-secret-dialog';
import { ReplaceSecretDialog } from './replace-secret-dialog';

/**
 * Whether the webhook has a secret, and making one: the first at once, a replacement after asking
 * (the old one stops working). The new secret is shown once, in a dialog; closing it forgets it.
 */
export function WebhookSecret({ createdAt, webhookUrl }: { createdAt: string | null; webhookUrl: string }) {
  const create = useCreateInboundSecret();
  const [isConfirming, setIsConfirming] = useState(false);
  const [shown, setShown] = useState<InboundSecret | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Whether a secret exists is anyone's to read; making one is a change of settings (decision 0024).
  const editing = usePermission('settings');

  const makeSecret = () => {
    setRefusal(null);
    create.mutate(undefined, {
      onSuccess: (made) => {
        setIsConfirming(false);
        setShown(made);
      },
      onError: (error) => setRefusal(error.message),
    });
  };
  const forget = () => {
    setShown(null);
    // The mutation keeps its answer until reset: the secret must not outlive the dialog.
    create.reset();
  };

  return (
    <Stack spacing={1.5}>
      <Typography>
        {createdAt
          ? `A secret was created on ${formatDateTime(createdAt)}. Messages without it are refused.`
          : 'No secret yet: the webhook refuses every message until you create one.'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The service sends it as <InlineCode>Authorization: Bearer &lt;secret&gt;</InlineCode>, or, when it only takes credentials
        in the URL, as the password: <InlineCode>{urlWithSecretPattern(webhookUrl)}</InlineCode>
      </Typography>
      {refusal && !isConfirming ? <Alert severity="error">{`Could not create a secret: ${refusal}`}</Alert> : null}
      {editing.allowed ? (
        <div>
          <SubmitButton
            type="button"
            variant="outlined"
            size="medium"
            isPending={create.isPending && !isConfirming}
            onClick={() => (createdAt ? setIsConfirming(true) : makeSecret())}
          >
            {createdAt ? 'Replace secret' : 'Create secret'}
          </SubmitButton>
        </div>
      ) : null}
      {isConfirming ? (
        <ReplaceSecretDialog
          isPending={create.isPending}
          refusal={refusal}
          onConfirm={makeSecret}
          onClose={() => {
            setIsConfirming(false);
            setRefusal(null);
          }}
        />
      ) : null}
      {shown ? <NewSecretDialog secret={shown} onClose={forget} /> : null}
    </Stack>
  );
}
