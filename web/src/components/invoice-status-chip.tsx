import Chip, { type ChipProps } from '@mui/material/Chip';
import type { InvoiceStatus } from '@receivables/contracts';

const LABEL: Record<InvoiceStatus, string> = { open: 'Open', paid: 'Paid', void: 'Void', uncollectible: 'Uncollectible' };
const COLOUR: Record<InvoiceStatus, ChipProps['color']> = { open: 'info', paid: 'success', void: 'default', uncollectible: 'error' };

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  return <Chip label={LABEL[status]} color={COLOUR[status]} size="small" variant="outlined" sx={{ fontWeight: 500 }} />;
}
