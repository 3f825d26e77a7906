import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig } from './config';

const base = { BETTER_AUTH_SECRET: 'x'.repeat(32), DATA_DIR: join(tmpdir(), 'receivables-config-test') };

describe('trusted origins', () => {
  it('without PUBLIC_URL, trusts every loopback form of the port, so 127.0.0.1 signs in as well as localhost', () => {
    const config = loadConfig({ ...base, PORT: '4100', HOST: '127.0.0.1', NODE_ENV: 'production' });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.trustedOrigins).toEqual(['http://localhost:4100', 'http://127.0.0.1:4100', 'http://[::1]:4100']);
    expect(config.appUrls).toEqual(config.trustedOrigins);
  });

  it('bound to a single LAN address, trusts that address too', () => {
    const config = loadConfig({ ...base, PORT: '4100', HOST: '192.168.1.20', NODE_ENV: 'production' });
    expect(config.trustedOrigins).toContain('http://192.168.1.20:4100');
  });

  it('with PUBLIC_URL set, trusts only it and TRUSTED_ORIGINS', () => {
    const config = loadConfig({
      ...base,
      PORT: '4100',
      PUBLIC_URL: 'https://ar.example.com/',
      TRUSTED_ORIGINS: 'https://ar-admin.example.com, http://10.0.0.5:4100',
      NODE_ENV: 'production',
    });
    expect(config.trustedOrigins).toEqual(['https://ar.example.com', 'https://ar-admin.example.com', 'http://10.0.0.5:4100']);
    expect(config.trustedOrigins).not.toContain('http://127.0.0.1:4100');
  });
});
