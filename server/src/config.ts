import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_ORG_CLAIM } from '@receivables/contracts';
import { z } from 'zod';

/**
 * Environment variables read by the server (copy for the README):
 *
 * | name               | default                         | meaning |
 * |--------------------|---------------------------------|---------|
 * | PORT               | 3000                            | HTTP port (API, SPA and docs on one port) |
 * | HOST               | 0.0.0.0                         | interface to listen on |
 * | DATABASE_URL       | unset ⇒ embedded PostgreSQL     | PostgreSQL connection string; unset runs PostgreSQL from `DATA_DIR/pg` |
 * | DATA_DIR           | <repo root>/.data               | embedded database, generated auth secret and demo password |
 * | PUBLIC_URL         | http://localhost:${PORT}        | the URL users reach; JWT issuer and audience, auth base URL |
 * | TRUSTED_ORIGINS    | (none)                          | extra comma-separated origins allowed to call /api/auth with cookies; outside production http://localhost:5173 (Vite) is always allowed |
 * | BETTER_AUTH_SECRET | generated once, `DATA_DIR/auth-secret` | secret that signs sessions and encrypts the JWT private keys |
 * | DEMO_PASSWORD      | generated once, `DATA_DIR/demo-password` | password of demo@example.com when the demo is seeded |
 * | SEED_DEMO          | unset                           | "1" seeds the demo organisation into an empty DATABASE_URL database |
 * | AUTH_JWKS_URL      | unset ⇒ built-in better-auth keys | JWKS of an external OIDC issuer whose tokens the API accepts |
 * | AUTH_ISSUER        | PUBLIC_URL                      | expected `iss` of bearer tokens |
 * | AUTH_AUDIENCE      | PUBLIC_URL                      | expected `aud` of bearer tokens |
 * | AUTH_ORG_CLAIM     | org_id                          | token claim holding the organisation id |
 * | AUTH_RATE_LIMIT_MAX| 10                              | sign-in / sign-up attempts allowed per client IP per 60 s |
 * | WEB_DIST           | <repo root>/web/dist            | built SPA served at / (skipped with a log line when missing) |
 * | LOG_LEVEL          | info                            | pino level: fatal, error, warn, info, debug, trace, silent |
 * | NODE_ENV           | development                     | "production" drops the localhost:5173 trusted origin |
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: optionalString,
  DATA_DIR: optionalString,
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  TRUSTED_ORIGINS: optionalString,
  BETTER_AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  DEMO_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  SEED_DEMO: optionalString,
  AUTH_JWKS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AUTH_ISSUER: optionalString,
  AUTH_AUDIENCE: optionalString,
  AUTH_ORG_CLAIM: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_ORG_CLAIM)),
  AUTH_RATE_LIMIT_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  WEB_DIST: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().default('development')),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  trustedOrigins: string[];
  authSecret: string;
  demoPassword: string | undefined;
  seedDemo: boolean;
  auth: {
    jwksUrl: string | undefined;
    issuer: string;
    audience: string;
    orgClaim: string;
    rateLimitMax: number;
  };
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  isProduction: boolean;
}

/** Parse the environment into a config; throws with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isProduction = e.NODE_ENV === 'production';
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  const trustedOrigins = [...new Set([publicUrl, ...extraOrigins, ...(isProduction ? [] : ['http://localhost:5173'])])];
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    trustedOrigins,
    authSecret: e.BETTER_AUTH_SECRET ?? readOrCreateSecret(resolve(dataDir, 'auth-secret'), () => randomBytes(32).toString('base64url')),
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO === '1',
    auth: {
      jwksUrl: e.AUTH_JWKS_URL,
      issuer: e.AUTH_ISSUER ?? publicUrl,
      audience: e.AUTH_AUDIENCE ?? publicUrl,
      orgClaim: e.AUTH_ORG_CLAIM,
      rateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    },
    webDist: resolve(e.WEB_DIST ?? resolve(REPO_ROOT, 'web/dist')),
    logLevel: e.LOG_LEVEL,
    isProduction,
  };
}

/**
 * Read a generated secret from `file`, creating it (mode 600) on first use so that sessions and
 * encrypted JWT keys survive restarts without the user having to configure anything.
 */
export function readOrCreateSecret(file: string, generate: () => string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = generate();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

/** The server's version, from its package.json (reported by /api/health). */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(resolve(REPO_ROOT, 'server/package.json'), 'utf8')) as { version: string }
).version;
