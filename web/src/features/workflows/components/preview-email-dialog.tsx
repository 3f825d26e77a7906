import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PreviewStep } from '@receivables/contracts';
import { useId, useState } from 'react';

import { type EmailPart, EmailPartToggle, EmailPartView } from '../../../components/email-parts';
import { describeRecipients, formatSendTime } from '../preview-words';


/** One previewed email as the customer would read it: subject, recipients, and the HTML or the plain-text part. */
export function PreviewEmailDialog({ step, timeZone, onClose }: { step: PreviewStep; timeZone: string; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [part, setPart] = useState<EmailPart>('html');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {step.subject}
      </DialogTitle>
      {/* On a phone the dialog is the whole screen: the email takes whatever height is left. */}
      <DialogContent sx={{ display: 'flex', flexDirection: 'column' }}>
        <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
          <Typography variant="body2" color="text.secondary" component="div">
            {step.email_name} · {formatSendTime(step.send_at, timeZone)}
            {step.to.length > 0 ? <div style={{ overflowWrap: 'anywhere' }}>To: {describeRecipients(step.to)}</div> : null}
            {step.cc.length > 0 ? <div style={{ overflowWrap: 'anywhere' }}>Cc: {describeRecipients(step.cc)}</div> : null}
          </Typography>
          <EmailPartToggle part={part} onChange={setPart} />
          <EmailPartView part={part} html={step.html} text={step.text} title={`Email: ${step.subject}`} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
