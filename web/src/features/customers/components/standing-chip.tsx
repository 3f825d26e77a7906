import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Standing } from '@receivables/contracts';

const STANDING: Record<Standing, { label: string; color: ChipProps['color'] }> = {
  in_good_standing: { label: 'In good standing', color: 'success' },
  single_missed: { label: 'One missed invoice', color: 'warning' },
  multiple_missed: { label: 'Several missed invoices', color: 'error' },
  paused: { label: 'Paused', color: 'default' },
};

export function StandingChip({ standing }: { standing: Standing }) {
  const { label, color } = STANDING[standing];
  return <Chip label={label} color={color} size="small" variant="outlined" sx={{ fontWeight: 500 }} />;
}
