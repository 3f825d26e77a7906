import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_ORG_CLAIM, IMPORT_MAX_BYTES_DEFAULT } from '@receivables/contracts';
import { z } from 'zod';

import { localOrigins } from './local-origins';

/** The server's configuration, from environment variables; each is documented in README.md. */
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
  IMPORT_MAX_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(IMPORT_MAX_BYTES_DEFAULT)),
  IMPORT_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(32).default(2)),
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
  /** The addresses the app works at, for the start-up banner: PUBLIC_URL first. */
  appUrls: string[];
  /** Origins allowed to call /api/auth with cookies. */
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
  /** Largest CSV upload accepted by `POST /api/imports/`, in bytes. */
  importMaxBytes: number;
  /** How many organisations' CSV imports one worker process runs at once. */
  importConcurrency: number;
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
  // Without a PUBLIC_URL the server cannot know which address users type: trust each local form.
  const ownOrigins = e.PUBLIC_URL ? [publicUrl] : [publicUrl, ...localOrigins(e.PORT, e.HOST)];
  const devOrigins = isProduction ? [] : ['http://localhost:5173'];
  const trustedOrigins = [...new Set([...ownOrigins, ...extraOrigins, ...devOrigins])];
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    appUrls: [...new Set([...ownOrigins, ...extraOrigins])],
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
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importConcurrency: e.IMPORT_CONCURRENCY,
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
