import { z } from 'zod';

/**
 * Whether a string can be stored and shown as written: no NUL (PostgreSQL's text type cannot hold
 * it, so it would fail as a 500) and no unpaired UTF-16 surrogate (not a character at all; it
 * cannot be encoded as UTF-8 without being replaced). Every text input goes through this check.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

export const STORABLE_TEXT_MESSAGE = 'must be text without NUL characters or unpaired surrogates';

/** Rejects what {@link isStorableText} rejects; for string schemas that are not {@link textSchema}. */
export const storableText = <T extends z.ZodString>(schema: T): T => schema.refine(isStorableText, STORABLE_TEXT_MESSAGE);

/**
 * Text typed by a person or sent by a client: trimmed, within bounds, storable. Every free-text
 * input field of the API is built from this, so hostile text is a 400 naming the field.
 */
export function textSchema(bounds: { min?: number; max: number }): z.ZodString {
  const trimmed = z.string().trim();
  const atLeast = bounds.min === undefined ? trimmed : trimmed.min(bounds.min, bounds.min === 1 ? 'must not be empty' : `must be at least ${bounds.min} characters`);
  return storableText(atLeast.max(bounds.max, `must be at most ${bounds.max} characters`));
}
