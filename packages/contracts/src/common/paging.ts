import { z } from 'zod';

import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './list';

/** `limit` / `offset` of a simple list (no sorting or filters). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
