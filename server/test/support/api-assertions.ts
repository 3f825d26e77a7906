import { addDays, DEFAULT_TIME_ZONE, type ErrorBody, organisationToday } from '@receivables/contracts';
import { expect } from 'vitest';

/** Assert an API error answer: its status, its error code and, when given, the field it names. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string, field?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const { error } = res.body as ErrorBody;
  expect(error.code).toBe(code);
  if (field) expect(error.details?.map((d) => d.field)).toContain(field);
}

/**
 * The calendar date `offset` days from a new organisation's today (negative: in the past).
 * Relative to the real date because the routes derive figures as of the organisation's today.
 */
export const isoDay = (offset: number): string => addDays(organisationToday(DEFAULT_TIME_ZONE), offset);
