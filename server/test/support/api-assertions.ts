import type { ErrorBody } from '@receivables/contracts';
import { expect } from 'vitest';

/** Assert an API error answer: its status, its error code and, when given, the field it names. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string, field?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const { error } = res.body as ErrorBody;
  expect(error.code).toBe(code);
  if (field) expect(error.details?.map((d) => d.field)).toContain(field);
}

/**
 * The UTC calendar date `offset` days from now (negative: in the past). Relative to the real
 * date because the routes derive figures as of the database's today.
 */
export const isoDay = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
