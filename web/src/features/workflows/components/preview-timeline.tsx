import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PreviewStep, WorkflowPreview } from '@receivables/contracts';
import { useState } from 'react';

import { EmailKindChip } from '../../../components/email-kind-chip';
import { formatLongDate } from '../../../lib/format';
import { describeDeferral, describeRecipients, formatSendTime } from '../preview-words';
import { describeDelay, STANDING_SECTIONS } from '../workflow-steps';

import { PreviewEmailDialog } from './preview-email-dialog';

/** Each planned email in the order it would go out: when, which template, to whom, and why it moved. */
export function PreviewTimeline({ preview, timeZone }: { preview: WorkflowPreview; timeZone: string }) {
  const [reading, setReading] = useState<PreviewStep | null>(null);
  return (
    <>
      <Box component="ol" aria-label={`Emails to ${preview.customer_name}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {preview.steps.map((step) => (
          <Box
            component="li"
            key={step.action_id}
            sx={{ position: 'relative', pl: 3, pb: 2.5, borderLeft: 2, borderColor: 'divider', ml: 1, '&:last-child': { pb: 0.5 } }}
          >
            <Box aria-hidden sx={{ position: 'absolute', left: -7, top: 6, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
            <Stack spacing={0.75}>
              <Typography sx={{ fontWeight: 600 }}>{formatSendTime(step.send_at, timeZone)}</Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{step.email_name}</Typography>
                <EmailKindChip kind={step.kind} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {STANDING_SECTIONS[step.standing]}: {describeDelay(step.delay_days).toLowerCase()}, due {formatLongDate(step.due_day)}
              </Typography>
              {step.deferred.length > 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {describeDeferral(step.deferred)}
                </Typography>
              ) : null}
              <Recipients step={step} />
              {step.problem ? (
                <Alert severity="warning" sx={{ py: 0 }}>
                  Would not be sent: {step.problem}
                </Alert>
              ) : null}
              <div>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<MailOutlineRounded />}
                  onClick={() => setReading(step)}
                  aria-label={`Read email: ${step.email_name}, ${formatSendTime(step.send_at, timeZone)}`}
                >
                  Read email
                </Button>
              </div>
            </Stack>
          </Box>
        ))}
      </Box>
      {reading ? <PreviewEmailDialog step={reading} timeZone={timeZone} onClose={() => setReading(null)} /> : null}
    </>
  );
}

function Recipients({ step }: { step: PreviewStep }) {
  if (step.to.length === 0 && step.cc.length === 0) return null;
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {step.to.length > 0 ? <>To: {describeRecipients(step.to)}</> : null}
      {step.cc.length > 0 ? (
        <>
          {step.to.length > 0 ? <br /> : null}
          Cc: {describeRecipients(step.cc)}
        </>
      ) : null}
    </Typography>
  );
}
