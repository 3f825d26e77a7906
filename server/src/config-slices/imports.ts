import { IMPORT_MAX_BYTES_DEFAULT } from '@receivables/contracts';
import { z } from 'zod';

import { defineConfigSlice, emptyAsUndefined } from '../lib/config-slice';

/** CSV imports' bounds (decision 0009; README, "Configuration"). */
export interface ImportSettings {
  /** Largest CSV upload accepted by `POST /api/imports/`, in bytes. */
  maxBytes: number;
  /** How many organisations' CSV imports one worker process runs at once. */
  concurrency: number;
}

export const importsConfig = defineConfigSlice(
  {
    IMPORT_MAX_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(IMPORT_MAX_BYTES_DEFAULT)),
    IMPORT_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(32).default(2)),
  },
  (e): ImportSettings => ({ maxBytes: e.IMPORT_MAX_BYTES, concurrency: e.IMPORT_CONCURRENCY }),
);
