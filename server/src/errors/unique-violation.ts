import { conflict } from './domain-errors';

/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or null for any other error. Drizzle
 * wraps driver errors, so the cause chain is searched.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** What a unique index means to the person who hit it. */
export interface UniqueConflict {
  message: string;
  field: string;
  reason: string;
}

/**
 * A `.catch` for a write: a unique violation on one of `conflicts`' indexes becomes a CONFLICT
 * naming the field; anything else is rethrown untouched.
 */
export function onUniqueViolation(conflicts: Record<string, UniqueConflict>): (error: unknown) => never {
  return (error) => {
    const known = conflicts[uniqueViolation(error) ?? ''];
    if (known) throw conflict(known.message, known.field, known.reason);
    throw error;
  };
}
