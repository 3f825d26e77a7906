import Chip, { type ChipProps } from '@mui/material/Chip';

import type { InvoiceDisplayStatus } from '../invoice-status';

const LABEL: Record<InvoiceDisplayStatus, string> = {
  overdue: 'Overdue',
  part_paid: 'Part-paid',
  due: 'Due',
  paid: 'Paid',
  void: 'Void',
  written_off: 'Written off',
};
const COLOUR: Record<InvoiceDisplayStatus, ChipProps['color']> = {
  overdue: 'error',
  part_paid: 'warning',
  due: 'info',
  paid: 'success',
  void: 'default',
  written_off: 'default',
};

/** An invoice's state on the customer page: overdue, part-paid, due, paid, void or written off. */
export function InvoiceDisplayStatusChip({ status }: { status: InvoiceDisplayStatus }) {
  return <Chip label={LABEL[status]} color={COLOUR[status]} size="small" variant="outlined" sx={{ fontWeight: 500 }} />;
}
