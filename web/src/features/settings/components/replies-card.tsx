import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { EmailSettings } from '@receivables/contracts';
import { useId, useState, type ReactNode } from 'react';

import { usePermission } from '../../../app/use-permission';
import { CopyValue } from '../../../components/copy-value';
import { SectionCard } from '../../../components/section-card';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateInboundSettings } from '../api/update-inbound-settings';

import { InlineCode } from './inline-code';
import { WebhookSecret } from './webhook-secret';

function Subheading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h3" sx={{ fontSize: '1rem' }}>
      {children}
    </Typography>
  );
}

/** Whether a reply pauses chasing: saved as soon as it is switched, shown as asked while it saves. */
function PauseOnReplySwitch({ isOn }: { isOn: boolean }) {
  const notify = useNotify();
  const update = useUpdateInboundSettings();
  const helpId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Shown as it is but not switchable by a role that may not change settings (decision 0024).
  const editing = usePermission('settings');
  // `isOn` reads the cached settings, which the mutation sets as asked as soon as it starts.
  const checked = isOn;
  const change = (pauseOnReply: boolean) => {
    setRefusal(null);
    update.mutate(
      { pause_on_reply: pauseOnReply },
      {
        onSuccess: ({ pause_on_reply: now }) => notify(now ? 'Replies now pause chasing' : 'Replies no longer pause chasing', 'success'),
        onError: (error) => setRefusal(error.message),
      },
    );
  };
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(_event, value) => change(value)}
            disabled={update.isPending || !editing.allowed}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label="Pause chasing when a customer replies"
      />
      <Typography id={helpId} variant="body2" color="text.secondary">
        {checked
          ? 'A reply pauses its customer until someone resumes it, so nobody is chased while their answer waits to be read.'
          : 'A reply waits in Activity and chasing carries on.'}{' '}
        An out-of-office reply that names a return date pauses until then either way.
      </Typography>
      {refusal ? <Alert severity="error">{`Could not save: ${refusal}`}</Alert> : null}
    </Stack>
  );
}

/**
 * Replies (decision 0021): whether one pauses chasing, and the two ways mail for the reply-to
 * domain reaches the app — a forwarding service posting to the webhook, or the server's own SMTP
 * listener. Without a reply-to domain, replies go to the from address and never arrive here.
 */
export function RepliesCard({ inbound, replyToDomain }: { inbound: EmailSettings['inbound']; replyToDomain: string | null }) {
  const replyAddress = `reply+…@${replyToDomain ?? '<reply-to domain>'}`;
  // Who can set the domain: the reader, or (for a member, decision 0024) an admin.
  const setting = usePermission('settings').allowed ? 'set one in the Sender card' : 'an admin or the owner sets one in the Sender card';
  return (
    <SectionCard title="Replies" description="Customers’ answers to reminders come back here: onto the customer’s timeline and into Activity.">
      <Stack spacing={3}>
        <PauseOnReplySwitch isOn={inbound.pause_on_reply} />
        <Divider />
        {replyToDomain ? (
          <Typography>
            Reminders ask customers to reply to <InlineCode>{replyAddress}</InlineCode>. Mail for {replyToDomain} reaches the app in one
            of two ways.
          </Typography>
        ) : (
          <Alert severity="warning">
            Replies will not reach the app until a reply-to domain is set: {setting}. Until then, customers reply to the from address.
          </Alert>
        )}
        <Stack spacing={1.5}>
          <Subheading>Through a forwarding service</Subheading>
          <Typography color="text.secondary">
            A service that receives your domain’s mail posts each message, raw, to this address with the secret.
          </Typography>
          <CopyValue label="Webhook URL" value={inbound.webhook_url} />
          <WebhookSecret createdAt={inbound.webhook_secret_created_at} webhookUrl={inbound.webhook_url} />
        </Stack>
        <Stack spacing={1.5}>
          <Subheading>Straight to the server</Subheading>
          <Typography color="text.secondary">
            Whoever runs the server can have it take mail itself: they set <InlineCode>INBOUND_SMTP_PORT</InlineCode> and point the MX record of{' '}
            {replyToDomain ?? 'the reply-to domain'} at it. Replies to <InlineCode>{replyAddress}</InlineCode> then arrive with no service in between.
          </Typography>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
