import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_ORG_CLAIM } from '@receivables/contracts';
import { z } from 'zod';

import { customersConfig } from './config-slices/customers';
import { deliveryConfig } from './config-slices/delivery';
import { importsConfig } from './config-slices/imports';
import { inboundConfig } from './config-slices/inbound';
import { stripeConfig } from './config-slices/stripe';
import { type BaseSettings, checkedBy, type ConfigSlice, emptyAsUndefined, issueLines, optionalString, type SettingsOf } from './lib/config-slice';
import { type OutboundPolicy, parseOutboundAllowList } from './lib/outbound-address';
import { generateSecretsKey, parseSecretsKey } from './lib/secret-box';
import type { SmtpTimeouts } from './lib/smtp-transport';
import { smtpTargetFromUrl } from './lib/smtp-url';
import { localOrigins } from './local-origins';

/** The server's configuration, from environment variables; each is documented in README.md. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Each module's own slice of the environment (its `<module>.config.ts`: variables, defaults, the
 * settings it makes of them), under its name in AppConfig. A module needing configuration is one
 * line here; its settings then reach its routes (AppServices.config) and its jobs (WorkerSettings).
 */
const MODULE_CONFIG = {
  customers: customersConfig,
  delivery: deliveryConfig,
  imports: importsConfig,
  inbound: inboundConfig,
  stripe: stripeConfig,
} satisfies Record<string, ConfigSlice<unknown>>;

/** Every module's settings, by module. */
export type ModuleSettings = { [Name in keyof typeof MODULE_CONFIG]: SettingsOf<(typeof MODULE_CONFIG)[Name]> };

const smtpUrlSchema = checkedBy(smtpTargetFromUrl);
const secretsKeySchema = checkedBy(parseSecretsKey);
const timeoutMsSchema = z.coerce.number().int().min(100).max(600_000);

/** The installation's own variables: where it runs, who it trusts, its secrets, its mail server. */
const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: optionalString,
  DATA_DIR: optionalString,
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  TRUSTED_ORIGINS: optionalString,
  // Which proxies in front may say who the client is (X-Forwarded-For): unset trusts none (decision 0026).
  TRUST_PROXY: optionalString,
  // Set by `npm run dev` to the Vite server's origin, whose proxied requests carry it: trusted then only.
  DEV_WEB_ORIGIN: optionalString,
  BETTER_AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  DEMO_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  // Set by scripts/start.mjs for the server it starts (see AppConfig.parentPid), not by people.
  RECEIVABLES_PARENT_PID: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
  SEED_DEMO: optionalString,
  AUTH_JWKS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AUTH_ISSUER: optionalString,
  AUTH_AUDIENCE: optionalString,
  AUTH_ORG_CLAIM: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_ORG_CLAIM)),
  AUTH_RATE_LIMIT_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  WEB_DIST: optionalString,
  SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrlSchema.optional()),
  ACCOUNT_SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrlSchema.optional()),
  MAIL_FROM: optionalString,
  SECRETS_KEY: z.preprocess(emptyAsUndefined, secretsKeySchema.optional()),
  SMTP_CONNECTION_TIMEOUT_MS: z.preprocess(emptyAsUndefined, timeoutMsSchema.default(10_000)),
  SMTP_GREETING_TIMEOUT_MS: z.preprocess(emptyAsUndefined, timeoutMsSchema.default(10_000)),
  SMTP_SOCKET_TIMEOUT_MS: z.preprocess(emptyAsUndefined, timeoutMsSchema.default(30_000)),
  // Host names and address ranges an organisation's own mail server may be at though not public (decision 0032).
  SMTP_ALLOWED_HOSTS: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().default('development')),
});

export interface AppConfig extends ModuleSettings {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  /** The addresses the app works at, for the start-up banner: PUBLIC_URL first. */
  appUrls: string[];
  /** Origins allowed to call /api/auth with cookies. */
  trustedOrigins: string[];
  /** Which proxies may name the client's address (TRUST_PROXY): Fastify's trustProxy. */
  trustProxy: TrustProxy;
  authSecret: string;
  demoPassword: string | undefined;
  /**
   * The pid of `npm start`'s wrapper (scripts/start.mjs sets it; not for people to set): the server
   * runs in a process group of its own, so it watches that its wrapper is still there and stops when
   * it is gone (a SIGKILL of the wrapper must not leave the server running).
   */
  parentPid: number | undefined;
  seedDemo: boolean;
  auth: {
    jwksUrl: string | undefined;
    issuer: string;
    audience: string;
    orgClaim: string;
    rateLimitMax: number;
  };
  webDist: string;
  /** The key that seals secrets at rest (lib/secret-box.ts): SECRETS_KEY, else generated into DATA_DIR. */
  secretsKey: Buffer;
  mail: {
    /** The instance's mail server, for organisations without their own; never logged (it may hold a password). */
    smtpUrl: string | undefined;
    timeouts: SmtpTimeouts;
    /**
     * Where account emails (password resets, address checks, invitations) leave: ACCOUNT_SMTP_URL,
     * else SMTP_URL; without either, outside production, their links are written to the log.
     */
    accountSmtpUrl: string | undefined;
    /** Their From: MAIL_FROM, else `Receivables <no-reply@…>` at the public URL's host. */
    accountFrom: string;
    /** Where an organisation's own mail server may be: public addresses, and SMTP_ALLOWED_HOSTS (decision 0032). */
    outbound: OutboundPolicy;
  };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  isProduction: boolean;
}

/** Parse the environment into a config; throws with every bad variable named, the modules' too. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const moduleProblems = Object.values(MODULE_CONFIG).flatMap((slice) => slice.problems(env));
  const problems = [...(parsed.success ? [] : issueLines(parsed.error)), ...moduleProblems];
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isProduction = e.NODE_ENV === 'production';
  const secretsKey = parseSecretsKey(e.SECRETS_KEY ?? readOrCreateSecret(resolve(dataDir, 'secrets-key'), generateSecretsKey));
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  // Without a PUBLIC_URL the server cannot know which address users type: trust each local form.
  const ownOrigins = e.PUBLIC_URL ? [publicUrl] : [publicUrl, ...localOrigins(e.PORT, e.HOST)];
  // Only under `npm run dev` (scripts/dev.mjs sets it), never merely because NODE_ENV is not production.
  const devOrigins = e.DEV_WEB_ORIGIN ? [e.DEV_WEB_ORIGIN] : [];
  const trustedOrigins = [...new Set([...ownOrigins, ...extraOrigins, ...devOrigins])];
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    appUrls: [...new Set([...ownOrigins, ...extraOrigins])],
    trustedOrigins,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authSecret: e.BETTER_AUTH_SECRET ?? readOrCreateSecret(resolve(dataDir, 'auth-secret'), () => randomBytes(32).toString('base64url')),
    demoPassword: e.DEMO_PASSWORD,
    parentPid: e.RECEIVABLES_PARENT_PID,
    seedDemo: e.SEED_DEMO === '1',
    auth: {
      jwksUrl: e.AUTH_JWKS_URL,
      issuer: e.AUTH_ISSUER ?? publicUrl,
      audience: e.AUTH_AUDIENCE ?? publicUrl,
      orgClaim: e.AUTH_ORG_CLAIM,
      rateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    },
    webDist: resolve(e.WEB_DIST ?? resolve(REPO_ROOT, 'web/dist')),
    secretsKey,
    mail: {
      smtpUrl: e.SMTP_URL,
      timeouts: { connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS, greetingMs: e.SMTP_GREETING_TIMEOUT_MS, socketMs: e.SMTP_SOCKET_TIMEOUT_MS },
      accountSmtpUrl: e.ACCOUNT_SMTP_URL ?? e.SMTP_URL,
      accountFrom: e.MAIL_FROM ?? `Receivables <no-reply@${new URL(publicUrl).hostname}>`,
      outbound: { allowed: parseOutboundAllowList(e.SMTP_ALLOWED_HOSTS) },
    },
    ...readModuleSettings(env, { publicUrl, secretsKey, isProduction }),
    logLevel: e.LOG_LEVEL,
    isProduction,
  };
}

/** Each module's settings from its slice, once every slice has parsed. */
function readModuleSettings(env: NodeJS.ProcessEnv, base: BaseSettings): ModuleSettings {
  const entries = Object.entries(MODULE_CONFIG).map(([name, slice]) => [name, slice.read(env, base)]);
  // The keys and each value's type are MODULE_CONFIG's, which Object.entries cannot say.
  return Object.fromEntries(entries) as ModuleSettings;
}

/** The modules' settings out of a whole config (the worker's settings start from them). */
export function moduleSettingsOf(config: AppConfig): ModuleSettings {
  const entries = Object.keys(MODULE_CONFIG).map((name) => [name, config[name as keyof ModuleSettings]]);
  return Object.fromEntries(entries) as ModuleSettings;
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
  try {
    // 'wx': two processes starting at once must end up with one secret, not one each.
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readOrCreateSecret(file, generate);
  }
  return value;
}

/** Fastify's `trustProxy`: none, all, these addresses, or a rule by hop. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: unset or "false" trusts no proxy (the client's
 * own address is the connection's); "true" trusts every hop; a number trusts that many hops; else a
 * comma-separated list of proxy addresses and ranges (`10.0.0.0/8,127.0.0.1`). Only behind a proxy
 * that sets X-Forwarded-For itself: otherwise a client could choose its own address, and with it its
 * sign-in limits.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}
