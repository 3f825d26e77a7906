import { describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';

// Its own file (and database, where the counts are kept): a low limit for every sign-in here.
const env = useIntegrationEnv({ AUTH_RATE_LIMIT_MAX: '5' });

describe('sign-in rate limit', () => {
  it('answers 429 after too many attempts from one address', async () => {
    const user = await env.signUp();
    const session = env.anonymous();
    const statuses: number[] = [];
    // Signing up signed in once: that was the first of the five.
    for (let i = 0; i < 6; i++) {
      const res = await session('POST', '/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
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

describe('limits per address (decision 0026)', () => {
  it('sends at most three reset emails to one mailbox a quarter of an hour, whoever asks, and another mailbox is not held back', async () => {
    const session = env.anonymous();
    const reset = (email: string) => session('POST', '/api/auth/request-password-reset', { email, redirectTo: `${env.server.origin}/reset-password` });
    const flooded = `flooded-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await reset(flooded)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await reset(flooded.toUpperCase());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    const said = (refused.body as { error: { code: string; message: string } }).error;
    expect(said.code).toBe('RATE_LIMITED');
    expect(said.message).toMatch(/password reset emails to this address/);
    expect((await reset(`someone-else-${crypto.randomUUID().slice(0, 8)}@example.com`)).status).toBe(200);
  });
});
