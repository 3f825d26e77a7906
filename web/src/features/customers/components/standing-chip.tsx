import type { ChipProps } from '@mui/material/Chip';
import type { Standing } from '@receivables/contracts';

import { StatusChip } from '../../../components/status-chip';
import { STANDING_LABELS } from '../standing-labels';

const COLOUR: Record<Standing, ChipProps['color']> = {
  in_good_standing: 'success',
  single_missed: 'warning',
  multiple_missed: 'error',
  paused: 'default',
};

export function StandingChip({ standing }: { standing: Standing }) {
  return (
    <StatusChip label={STANDING_LABELS[standing]} color={COLOUR[standing]} />
  );
}
