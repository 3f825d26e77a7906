import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig } from './config';

const base = { BETTER_AUTH_SECRET: 'x'.repeat(32), DATA_DIR: join(tmpdir(), 'receivables-config-test') };

describe('trusted origins', () => {
  it('trusts the Vite dev server only under npm run dev (DEV_WEB_ORIGIN), not merely outside production, and not with an https PUBLIC_URL', () => {
    const development = loadConfig({ ...base, PORT: '4100', NODE_ENV: 'development' });
    expect(development.trustedOrigins).not.toContain('http://localhost:5173');
    const hosted = loadConfig({ ...base, PUBLIC_URL: 'https://ar.example.com', NODE_ENV: 'development' });
    expect(hosted.trustedOrigins).toEqual(['https://ar.example.com']);
    const dev = loadConfig({ ...base, PORT: '4100', NODE_ENV: 'development', DEV_WEB_ORIGIN: 'http://localhost:5173' });
    expect(dev.trustedOrigins).toContain('http://localhost:5173');
  });

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

describe('mail settings', () => {
  it('reads SMTP_URL and the SMTP timeouts, with safe defaults', () => {
    const config = loadConfig({ ...base, SMTP_URL: 'smtp://relay:pw@mail.example.com:587', SMTP_SOCKET_TIMEOUT_MS: '45000' });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://relay:pw@mail.example.com:587',
      timeouts: { connectionMs: 10_000, greetingMs: 10_000, socketMs: 45_000 },
      // Account emails go through the same server unless ACCOUNT_SMTP_URL names another (decision 0025).
      accountSmtpUrl: 'smtp://relay:pw@mail.example.com:587',
      accountFrom: 'Receivables <no-reply@localhost>',
      // No private address is allowed for an organisation's own server unless SMTP_ALLOWED_HOSTS says (decision 0032).
      outbound: { allowed: [] },
    });
  });

  it('sends account emails through ACCOUNT_SMTP_URL from MAIL_FROM when given', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtp://relay:pw@mail.example.com:587',
      ACCOUNT_SMTP_URL: 'smtps://auth:pw@postmark.example.com:465',
      MAIL_FROM: 'Acme Receivables <accounts@acme.example>',
    });
    expect(config.mail).toMatchObject({ accountSmtpUrl: 'smtps://auth:pw@postmark.example.com:465', accountFrom: 'Acme Receivables <accounts@acme.example>' });
    expect(() => loadConfig({ ...base, ACCOUNT_SMTP_URL: 'https://u:hunter2@mail.example.com' })).toThrow(/ACCOUNT_SMTP_URL/);
  });

  it('refuses a bad SMTP_URL by name, without repeating its password', () => {
    for (const SMTP_URL of ['https://u:hunter2@mail.example.com', 'smtp://u:hunter2@mail.example.com?security=sometimes']) {
      expect(() => loadConfig({ ...base, SMTP_URL })).toThrow(/SMTP_URL/);
      expect(() => loadConfig({ ...base, SMTP_URL })).not.toThrow(/hunter2/);
    }
    expect(() => loadConfig({ ...base, SMTP_CONNECTION_TIMEOUT_MS: '0' })).toThrow(/SMTP_CONNECTION_TIMEOUT_MS/);
  });

  it('takes SECRETS_KEY as 32 bytes of base64, else keeps one generated in DATA_DIR', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...base, SECRETS_KEY: key }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ ...base, SECRETS_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/SECRETS_KEY: must decode to 32 bytes/);
    const dataDir = join(tmpdir(), `receivables-secrets-${crypto.randomUUID()}`);
    const first = loadConfig({ ...base, DATA_DIR: dataDir }).secretsKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).secretsKey).toEqual(first);
  });
});

describe('modules’ settings', () => {
  it('reads each module’s slice under its name, with its defaults', () => {
    const config = loadConfig({ ...base, SEND_CONCURRENCY: '8', IMPORT_MAX_BYTES: '1024' });
    expect(config.delivery.concurrency).toBe(8);
    expect(config.imports).toEqual({ maxBytes: 1024, concurrency: 2 });
    expect(config.customers.hourlyFiguresRefresh).toBe(true);
    expect(loadConfig({ ...base, FIGURES_REFRESH_HOURLY: '0' }).customers.hourlyFiguresRefresh).toBe(false);
  });

  it('names every bad variable at once, the installation’s and the modules’ alike', () => {
    const refusal = (() => {
      try {
        loadConfig({ ...base, PORT: 'x', SEND_CONCURRENCY: '0', FIGURES_REFRESH_HOURLY: 'no' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'SEND_CONCURRENCY', 'FIGURES_REFRESH_HOURLY']) expect(refusal).toContain(`  ${name}: `);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, then all, a number of hops, or the proxies listed', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy;
    if (typeof hops !== 'function') throw new Error('a number of hops is a rule by hop');
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
  });
});

