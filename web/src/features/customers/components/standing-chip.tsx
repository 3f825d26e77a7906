import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Standing } from '@receivables/contracts';

import { STANDING_LABELS } from '../standing-labels';

const COLOUR: Record<Standing, ChipProps['color']> = {
  in_good_standing: 'success',
  single_missed: 'warning',
  multiple_missed: 'error',
  paused: 'default',
};

export function StandingChip({ standing }: { standing: Standing }) {
  return (
    <Chip
      label={STANDING_LABELS[standing]}
      color={COLOUR[standing]}
      size="small"
      variant="outlined"
      sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
    />
  );
}
