import type { Standing } from '@receivables/contracts';

/** A standing in the words a finance team uses; the same everywhere in the app. */
export const STANDING_LABELS: Record<Standing, string> = {
  in_good_standing: 'Good standing',
  single_missed: 'One missed invoice',
  multiple_missed: 'Several missed',
  paused: 'Paused',
};
