import LinkRounded from '@mui/icons-material/LinkRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboundEmailRow } from '@receivables/contracts';

import { formatEventInstant } from '../event-words';
import { mailboxShortName } from '../inbound-words';

import { InboundKindChip } from './inbound-kind-chip';
import { SuggestedCustomerOffer } from './suggested-customer-offer';

interface UnassignedMessageItemProps {
  message: InboundEmailRow;
  timeZone: string;
  onAttach: () => void;
}

/** One message no customer was found for: who wrote it, what about, its first words, when; and Attach. */
export function UnassignedMessageItem({ message, timeZone, onAttach }: UnassignedMessageItemProps) {
  const who = mailboxShortName(message.from);
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1.5, sm: 2 }}
      sx={{ px: { xs: 2, sm: 2.5 }, py: 1.75, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'flex-start' } }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {who}
          </Typography>
          {message.from?.name ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {message.from.address}
            </Typography>
          ) : null}
          {message.kind === 'auto_reply' ? <InboundKindChip kind="auto_reply" /> : null}
        </Stack>
        <Typography variant="body2" sx={{ fontWeight: 500, mt: 0.5, overflowWrap: 'anywhere' }}>
          {message.subject || '(no subject)'}
        </Typography>
        {message.snippet ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.25, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
          >
            {message.snippet}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontSize: '0.75rem' }}>
          Received <time dateTime={message.received_at}>{formatEventInstant(message.received_at, timeZone)}</time>
        </Typography>
        {message.suggested_customer ? <SuggestedCustomerOffer message={message} suggestion={message.suggested_customer} /> : null}
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        <Button variant="outlined" size="small" startIcon={<LinkRounded />} onClick={onAttach} aria-label={`Attach to customer: “${message.subject}” from ${who}`}>
          Attach to customer
        </Button>
      </Box>
    </Stack>
  );
}
