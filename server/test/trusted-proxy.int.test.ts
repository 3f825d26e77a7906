// Behind a trusted proxy (TRUST_PROXY), each client's address is its own, so one attacker's
// failures do not lock others out, while an account is protected whatever address guesses at it
// (decision 0026).
import { describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';

const env = useIntegrationEnv({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '5' });

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('sign-in limits behind a trusted proxy', () => {
  it('limits each client address on its own: one address blocked, another signs in', async () => {
    const user = await env.signUp();
    const session = env.anonymous();
    const wrong = { email: user.email, password: 'wrong-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await session('POST', '/api/auth/sign-in/email', wrong, from('203.0.113.66'))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const colleague = await session('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }, from('198.51.100.20'));
    expect(colleague.status).toBe(200);
  });

  it('limits an account whatever addresses the guesses come from, and leaves other accounts alone', async () => {
    const [target, other] = [await env.signUp(), await env.signUp()];
    const session = env.anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await session('POST', '/api/auth/sign-in/email', { email: target.email, password: `guess-${i}-password` }, from(`192.0.2.${i + 10}`))).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits now, from a fresh address: the account is what is limited.
    expect((await session('POST', '/api/auth/sign-in/email', { email: target.email, password: target.password }, from('192.0.2.200'))).status).toBe(429);
    expect((await session('POST', '/api/auth/sign-in/email', { email: other.email, password: other.password }, from('192.0.2.201'))).status).toBe(200);
  });

  it('counts failures only: signing in starts an account afresh', async () => {
    const user = await env.signUp();
    const session = env.anonymous();
    const attempt = (password: string, i: number) => session('POST', '/api/auth/sign-in/email', { email: user.email, password }, from(`198.51.100.${i + 50}`));
    for (let i = 0; i < 9; i++) expect((await attempt('mistyped-password', i)).status).toBe(401);
    expect((await attempt(user.password, 9)).status).toBe(200);
    for (let i = 10; i < 19; i++) expect((await attempt('mistyped-password', i)).status).toBe(401);
    expect((await attempt(user.password, 19)).status).toBe(200);
  });
});
