import { describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';

// Its own file (and server): the limiter's memory store would otherwise leak into other tests.
const env = useIntegrationEnv({ AUTH_RATE_LIMIT_MAX: '5' });

describe('sign-in rate limit', () => {
  it('answers 429 after too many attempts from one address', async () => {
    const user = await env.signUp();
    const session = env.anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await session('POST', '/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // A spoofed forwarding header does not buy a fresh bucket.
    const spoofed = await session(
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': '203.0.113.9', 'x-receivables-client-ip': '203.0.113.9' },
    );
    expect(spoofed.status).toBe(429);
  });
});
