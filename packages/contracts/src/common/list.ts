import { z } from 'zod';

/** Every list endpoint answers `{ rows, total }`; `total` counts all matches, not just this page. */
export const listResponseSchema = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int().nonnegative() });

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Page bounds shared by list queries (docs/api-conventions.md: limit 1–500, default 50). */
export const LIST_LIMIT_MAX = 500;
export const LIST_LIMIT_DEFAULT = 50;
