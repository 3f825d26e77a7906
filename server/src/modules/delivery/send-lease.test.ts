import { describe, expect, it } from 'vitest';

import { hasLeaseForHandOff, leaseShortfall } from './send-lease';

const timeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };
const at = (s: number) => new Date(Date.UTC(2026, 0, 13, 10, 0, s));

describe('the lease a hand-off needs', () => {
  it('hands over only while the lease outlasts a hand-off at the timeouts', () => {
    // 50 s of timeouts: a lease ending at 10:00:50 allows a hand-off starting at 10:00:00, not a second later.
    expect(hasLeaseForHandOff(at(0), at(50), timeouts)).toBe(true);
    expect(hasLeaseForHandOff(at(1), at(50), timeouts)).toBe(false);
    expect(hasLeaseForHandOff(at(60), at(50), timeouts)).toBe(false);
  });

  it('finds the default lease long enough and names a short one with what it needs', () => {
    expect(leaseShortfall({ leaseMs: 600_000 }, timeouts)).toBeNull();
    expect(leaseShortfall({ leaseMs: 350_000 }, timeouts)).toBeNull();
    expect(leaseShortfall({ leaseMs: 60_000 }, timeouts)).toBe(
      'SEND_LEASE_SECONDS (60) is shorter than 350 s, 7 hand-offs at the SMTP_*_TIMEOUT_MS limits: emails that wait their turn that long are not sent and end unknown',
    );
  });
});
