import { z } from 'zod';

import { defineConfigSlice, emptyAsUndefined } from '../lib/config-slice';

/** Keeping customers' figures true as days pass (decision 0018; README, "Configuration"). */
export interface CustomerSettings {
  /**
   * Whether the worker puts the figures refresh, and the scheduler's pass it sends, on its hourly
   * clock. Off, it still runs once as each worker starts: for a server whose data must hold still
   * under the people (or journeys) using it.
   */
  hourlyFiguresRefresh: boolean;
}

export const customersConfig = defineConfigSlice(
  { FIGURES_REFRESH_HOURLY: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('1')) },
  (e): CustomerSettings => ({ hourlyFiguresRefresh: e.FIGURES_REFRESH_HOURLY === '1' }),
);
