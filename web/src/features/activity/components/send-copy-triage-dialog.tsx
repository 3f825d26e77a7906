import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventDetail, InboundEmailDetail, InvoiceCopyPreview } from '@receivables/contracts';
import { useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { MailSettingsLink } from '../../../components/mail-settings-link';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useInvoiceCopy } from '../api/get-invoice-copy';
import { describeMailbox } from '../inbound-words';
import { describeTriageConfirmation } from '../triage-words';

import { fieldRefusal, TriageDialogFrame, useTriageSubmit } from './triage-dialog-frame';

/** To whom, the subject, and each open invoice with its amount, then the total: what the copy says. */
function CopySummary({ copy }: { copy: InvoiceCopyPreview }) {
  const count = copy.invoices.length;
  return (
    <Stack spacing={1.5} aria-label="The copy" role="group">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, typography: 'body2' }}>
        <Box component="dt" sx={{ color: 'text.secondary' }}>To</Box>
        <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>{describeMailbox(copy.to)}</Box>
        <Box component="dt" sx={{ color: 'text.secondary' }}>Subject</Box>
        <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>{copy.subject}</Box>
      </Box>
      <Box component="ul" aria-label="Open invoices" sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
        {copy.invoices.map((line) => (
          <Stack
            component="li"
            key={line.number}
            direction="row"
            spacing={1.5}
            sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', justifyContent: 'space-between', typography: 'body2' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{line.number}</Box>
              <Box sx={{ color: 'text.secondary' }}>
                {`Due ${formatLongDate(line.due_date)}${line.payment_url ? ' · payment link' : ''}`}
              </Box>
            </Box>
            <Box sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(line.amount_remaining, copy.currency)}</Box>
          </Stack>
        ))}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
        {`${count} open ${count === 1 ? 'invoice' : 'invoices'}, ${formatMoney(copy.total, copy.currency)} in all`}
      </Typography>
    </Stack>
  );
}

/**
 * Send the copy a reply asks for (decision 0021, "Sending the copy"): the confirmation shows what
 * will go — to whom, the subject, each open invoice and the total — read from the server as it
 * would send it now. Nothing to send (no open invoice, an automatic reply) is said in the
 * server's words, and the button stays off.
 */
export function SendCopyTriageDialog({ event, reply, onClose }: { event: EventDetail; reply: InboundEmailDetail; onClose: () => void }) {
  const today = useOrganisationToday();
  const copy = useInvoiceCopy(reply.id);
  const { submit, isPending } = useTriageSubmit(event, reply, onClose);
  const [refusal, setRefusal] = useState<Error | null>(null);
  const onSubmit = async () => setRefusal(await submit({ action: 'send_copy' }));
  // Sending refused for the organisation's mail settings: say where they are set.
  const isMailSetting = ['no mail server or from address', 'sending is disabled'].includes(fieldRefusal(refusal, 'action') ?? '');
  const refused = refusal ? (
    <>
      {refusal.message}
      {isMailSetting ? <MailSettingsLink /> : null}
    </>
  ) : null;
  return (
    <TriageDialogFrame
      {...describeTriageConfirmation('send_copy', event.customer_name, today)}
      isPending={isPending}
      error={refused ?? (copy.isError ? `Nothing to send: ${copy.error.message}` : null)}
      canConfirm={copy.isSuccess}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      {copy.data ? (
        <CopySummary copy={copy.data} />
      ) : copy.isPending ? (
        <Stack spacing={1} role="status" aria-label="Reading the open invoices">
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : null}
    </TriageDialogFrame>
  );
}
