import BusinessRounded from '@mui/icons-material/BusinessRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboundEmailRow, SuggestedCustomer } from '@receivables/contracts';

import { useNotify } from '../../../lib/use-notify';
import { useAssignInboundEmail } from '../api/assign-inbound-email';

/**
 * The customer an unassigned message looks like it is from — the one whose contacts share the
 * sender's domain (decision 0044) — with Assign, the same attach as the dialog's, in one click.
 * Attach to customer stays beside it for any other choice.
 */
export function SuggestedCustomerOffer({ message, suggestion }: { message: InboundEmailRow; suggestion: SuggestedCustomer }) {
  const notify = useNotify();
  const assign = useAssignInboundEmail(message.id);
  // Not mutate's own callbacks: the refresh it starts removes this message from the inbox, and
  // with it this button, whose callbacks would then be dropped. The promise always settles.
  const attach = () =>
    assign.mutateAsync(suggestion.customer_id).then(
      () => notify(`Attached to ${suggestion.name}: the email is on their Activity now`, 'success'),
      (error: unknown) => notify(`Could not attach it to ${suggestion.name}: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 1.5 }}
      sx={{ mt: 1, p: 1.25, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper', alignItems: { sm: 'center' } }}
    >
      <Stack direction="row" spacing={1} sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}>
        <BusinessRounded fontSize="small" color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {'Looks like '}
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {suggestion.name}
          </Box>
          {` (same domain as ${suggestion.contact_email})`}
        </Typography>
      </Stack>
      <Box sx={{ flexShrink: 0 }}>
        <Button
          size="small"
          variant="contained"
          onClick={() => void attach()}
          disabled={assign.isPending}
          startIcon={assign.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          aria-label={`Assign “${message.subject || '(no subject)'}” to ${suggestion.name}`}
        >
          Assign
        </Button>
      </Box>
    </Stack>
  );
}
