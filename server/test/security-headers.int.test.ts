import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config';

import { useIntegrationEnv } from './integration-env';

// The built SPA (`npm test` builds it before Vitest runs): headers are asserted on what is served.
const dist = join(REPO_ROOT, 'web/dist');
const env = useIntegrationEnv({ WEB_DIST: dist });
const https = useIntegrationEnv({ WEB_DIST: dist, PUBLIC_URL: 'https://ar.example.com' });

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `${what}: script-src`).toBe("'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

describe('security headers and caching (decision 0012)', () => {
  it('the web build exists', () => {
    expect(existsSync(join(dist, 'index.html')), 'run `npm run build -w web` first').toBe(true);
  });

  it('every HTML and API answer carries the security headers; API answers are never cached; no HSTS over http', async () => {
    for (const path of ['/', '/customers/', '/api/health', '/api/customers/', '/api/nope', '/api/docs/json']) {
      const res = await env.anonymous()('GET', path);
      expectSecurityHeaders(res.headers, path);
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
      if (path.startsWith('/api')) expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('index.html is revalidated on every visit; a hashed asset is immutable and sent compressed', async () => {
    const browser = env.anonymous();
    for (const path of ['/', '/customers/']) expect((await browser('GET', path)).headers.get('cache-control'), path).toBe('no-cache');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const uncompressed = await browser('GET', script, undefined, { 'accept-encoding': 'identity' });
    const size = Number(uncompressed.headers.get('content-length'));
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const res = await browser('GET', script, undefined, { 'accept-encoding': accept });
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(Number(res.headers.get('content-length')), accept).toBeLessThan(size / 2);
      // fetch decompresses: the same script arrives whatever the encoding.
      expect(res.text.length).toBeGreaterThan(size / 2);
    }
  });

  it('a missing asset is a 404, not the SPA (an old page asking for a previous build’s chunk)', async () => {
    const res = await env.anonymous()('GET', '/assets/index-gone1234.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/text\/html/);
  });

  it('over https: HSTS, and the session cookie is Secure', async () => {
    const session = https.anonymous();
    const res = await session('GET', '/api/health');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const account = { email: `secure-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'correct-horse-battery' };
    expect((await session('POST', '/api/auth/sign-up/email', { ...account, name: 'Secure' })).status).toBe(200);
    const signIn = await session('POST', '/api/auth/sign-in/email', account);
    expect(signIn.status).toBe(200);
    const cookies = signIn.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });
});
