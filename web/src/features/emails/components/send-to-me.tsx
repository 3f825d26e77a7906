import ForwardToInboxRounded from '@mui/icons-material/ForwardToInboxRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';

import { MailSettingsLink } from '../../../components/mail-settings-link';
import { isRequestError } from '../../../lib/request-error';
import type { useSendTemplateToMe } from '../api/send-template-to-me';

type SendToMe = ReturnType<typeof useSendTemplateToMe>;

/**
 * "Send to me": the saved template to the signed-in person's inbox, to read it in their own mail
 * client. Only the saved text can be sent, so while there are unsaved changes it is disabled and
 * says why (on hover and on focus: the wrapper takes focus, a disabled button cannot).
 */
export function SendToMeButton({ sendToMe, hasUnsavedChanges }: { sendToMe: SendToMe; hasUnsavedChanges: boolean }) {
  const button = (
    <Button
      type="button"
      variant="outlined"
      disabled={hasUnsavedChanges || sendToMe.isPending}
      startIcon={sendToMe.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <ForwardToInboxRounded />}
      onClick={() => sendToMe.mutate()}
    >
      Send to me
    </Button>
  );
  if (!hasUnsavedChanges) return button;
  return (
    <Tooltip title="Save your changes first: Send to me sends the saved template" describeChild>
      <Box component="span" tabIndex={0} sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
        {button}
      </Box>
    </Tooltip>
  );
}

/** How the last Send to me went: to whom, for which sample customer, or the server's reason it could not. */
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
