import ForwardToInboxRounded from '@mui/icons-material/ForwardToInboxRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SendToMeRequest } from '@receivables/contracts';
import { useId } from 'react';

import { MailSettingsLink } from '../../../components/mail-settings-link';
import { isRequestError } from '../../../lib/request-error';
import type { useSendTemplateToMe } from '../api/send-template-to-me';
import type { TemplatePreviewState } from '../use-template-preview';

type SendToMe = ReturnType<typeof useSendTemplateToMe>;

/** What Send to me would send, or why it cannot yet: the words beside the button. */
type Plan = { request: SendToMeRequest; says: string } | { blocked: string };

function planFor(preview: TemplatePreviewState, hasUnsavedChanges: boolean): Plan {
  if (hasUnsavedChanges) return { blocked: 'Save your changes first: Send to me sends the saved template.' };
  const { customers, customer } = preview;
  if (customer) {
    // Written from the tone, the wording the preview shows; otherwise the one letter there is.
    const shown = preview.isOwnWording ? null : preview.wording;
    const wordings = preview.preview.data?.wordings ?? [];
    const which = shown && wordings.length > 1 ? ` (wording ${wordings.indexOf(shown) + 1})` : '';
    return {
      request: { customer_id: customer.id, ...(shown ? { wording: shown.wording } : {}) },
      says: `Sends you the email as the preview shows it for ${customer.name}${which}.`,
    };
  }
  if (customers.isPending) return { blocked: 'Waiting for the preview’s customer.' };
  if (customers.isError) return { blocked: 'The preview’s customer could not be loaded.' };
  return { request: {}, says: 'Sends you the email filled in for a sample customer.' };
}

/**
 * "Send to me": the saved template to the signed-in person's inbox, to read it in their own mail
 * client, exactly as the preview shows it (its customer, and its wording when written from the
 * tone). Beside it, in words, what it sends or why it is disabled: visible on a phone, where a
 * tooltip is not, and the button's description for a screen reader.
 */
interface SendToMeButtonProps {
  sendToMe: SendToMe;
  /** What the editor's preview shows: Send to me sends exactly that. */
  preview: TemplatePreviewState;
  hasUnsavedChanges: boolean;
}

export function SendToMeButton({ sendToMe, preview, hasUnsavedChanges }: SendToMeButtonProps) {
  const noteId = useId();
  const plan = planFor(preview, hasUnsavedChanges);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Button
        type="button"
        variant="outlined"
        disabled={'blocked' in plan || sendToMe.isPending}
        aria-describedby={noteId}
        startIcon={sendToMe.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <ForwardToInboxRounded />}
        onClick={() => {
          if ('request' in plan) sendToMe.mutate(plan.request);
        }}
        sx={{ flexShrink: 0 }}
      >
        Send to me
      </Button>
      <Typography id={noteId} variant="body2" color="text.secondary" sx={{ minWidth: 0, flex: '1 1 12rem', maxWidth: '26rem' }}>
        {'blocked' in plan ? plan.blocked : plan.says}
      </Typography>
    </Stack>
  );
}

/** How the last Send to me went: to whom, for which customer, or the server's reason it could not. */
export function SendToMeResult({ sendToMe }: { sendToMe: SendToMe }) {
  if (sendToMe.isSuccess) {
    const { to, sample_customer: sample } = sendToMe.data;
    return (
      <Alert severity="success" role="status" onClose={() => sendToMe.reset()}>
        Sent to {to} as it would reach {sample}.
      </Alert>
    );
  }
  if (sendToMe.isError) {
    return (
      <Alert severity="error" role="alert" onClose={() => sendToMe.reset()}>
        Not sent: {sendToMe.error.message}
        {isRequestError(sendToMe.error) && sendToMe.error.status === 422 ? <MailSettingsLink /> : null}
      </Alert>
    );
  }
  return null;
}
