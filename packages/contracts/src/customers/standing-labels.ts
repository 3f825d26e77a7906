import type { Standing } from './customer';

/**
 * A standing in the words a finance team uses (docs/domain.md, Standing). One map for the screens
 * and the CSV export, so a spreadsheet says "Several missed" exactly where the list does.
 */
export const STANDING_LABELS: Record<Standing, string> = {
  in_good_standing: 'Good standing',
  single_missed: 'One missed invoice',
  multiple_missed: 'Several missed',
  paused: 'Paused',
};
