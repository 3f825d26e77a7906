import { describe, expect, it } from 'vitest';

import { AppError } from '../../errors/app-error';

import { requirePaidAtNotFuture } from './require-paid-at-not-future';

// 10:00 on 3 June 2026 in London (BST, UTC+1).
const now = new Date('2026-06-03T09:00:00Z');
const refusal = (paidAt: string, at = now, zone = 'Europe/London') => {
  try {
    requirePaidAtNotFuture(new Date(paidAt), at, zone);
    return null;
  } catch (error) {
    return error instanceof AppError ? error.details?.[0]?.field : 'other';
  }
};

describe('requirePaidAtNotFuture', () => {
  it('accepts the past and any time of the organisation’s today', () => {
    expect(refusal('2026-05-01T12:00:00Z')).toBeNull();
    expect(refusal('2026-06-03T22:59:00Z')).toBeNull(); // 23:59 in London
  });

  it('refuses a later day in the organisation’s time zone, naming paid_at', () => {
    expect(refusal('2026-06-03T23:00:00Z')).toBe('paid_at'); // midnight of the 4th in London
    expect(refusal('2027-06-01T00:00:00Z')).toBe('paid_at');
    // In Auckland it is already the evening of the 3rd: the 4th there is still refused.
    expect(refusal('2026-06-03T12:30:00Z', now, 'Pacific/Auckland')).toBe('paid_at');
  });

  it('allows a clock a few minutes ahead just before midnight', () => {
    const late = new Date('2026-06-03T22:58:00Z'); // 23:58 in London
    expect(refusal('2026-06-03T23:01:00Z', late)).toBeNull();
    expect(refusal('2026-06-03T23:10:00Z', late)).toBe('paid_at');
  });
});
