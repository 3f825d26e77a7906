import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_ORG_CLAIM, IMPORT_MAX_BYTES_DEFAULT } from '@receivables/contracts';
import { z } from 'zod';

import { installStateKey, replyTokenKey } from './lib/derived-keys';
import { generateSecretsKey, parseSecretsKey } from './lib/secret-box';
import { smtpTargetFromUrl } from './lib/smtp-url';
import { localOrigins } from './local-origins';

/** The server's configuration, from environment variables; each is documented in README.md. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** A string checked by `parse`, whose error message (never the value: it may hold a password) is the issue. */
const checkedBy = (parse: (value: string) => unknown) =>
  z.string().superRefine((value, ctx) => {
    try {
      parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });
const smtpUrlSchema = checkedBy(smtpTargetFromUrl);
const secretsKeySchema = checkedBy(parseSecretsKey);
const timeoutMsSchema = z.coerce.number().int().min(100).max(600_000);

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
  SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrlSchema.optional()),
  ACCOUNT_SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrlSchema.optional()),
  MAIL_FROM: optionalString,
  SECRETS_KEY: z.preprocess(emptyAsUndefined, secretsKeySchema.optional()),
  SMTP_CONNECTION_TIMEOUT_MS: z.preprocess(emptyAsUndefined, timeoutMsSchema.default(10_000)),
  SMTP_GREETING_TIMEOUT_MS: z.preprocess(emptyAsUndefined, timeoutMsSchema.default(10_000)),
  SMTP_SOCKET_TIMEOUT_MS: z.preprocess(emptyAsUndefined, timeoutMsSchema.default(30_000)),
  SEND_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(4)),
  SEND_RATE_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(60)),
  SEND_LEASE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(600)),
  SEND_MAX_ATTEMPTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(20).default(5)),
  SEND_RETRY_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(60)),
  INBOUND_SMTP_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).optional()),
  INBOUND_SMTP_HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  INBOUND_MAX_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024)),
  INBOUND_ATTACHMENT_MAX_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(100 * 1024 * 1024).default(5 * 1024 * 1024),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_APP_SECRET: optionalString,
  STRIPE_INSTALL_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  STRIPE_API_BASE: z.preprocess(emptyAsUndefined, z.url().optional()),
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
  };
  /** How the sender hands emails over (decision 0020). */
  delivery: DeliverySettings;
  /** How replies come in (decision 0021). */
  inbound: InboundSettings;
  /** Connecting Stripe accounts and reading them (decision 0022). */
  stripe: StripeSettings;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  isProduction: boolean;
}

/** How long an SMTP connection may take to open, to greet us, and to stay silent, in milliseconds. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

/** Receiving replies (decision 0021; README, "Receiving replies"). */
export interface InboundSettings {
  /** The worker's SMTP listener: off when no port is set. */
  smtpPort: number | undefined;
  smtpHost: string;
  /** The largest message taken, by SMTP or the webhook. */
  maxBytes: number;
  /** Attachments larger than this are listed without their bytes. */
  attachmentMaxBytes: number;
}

/** Stripe (decision 0022; README, "Stripe"): each part is off while its variable is unset. */
export interface StripeSettings {
  /** The app's secret key: reads connected accounts (Stripe-Account header). */
  secretKey: string | undefined;
  /** Verifies `POST /api/stripe/webhook` (the endpoint's signing secret). */
  webhookSecret: string | undefined;
  /** Verifies install links' `install_signature` (the app's signing secret). */
  appSecret: string | undefined;
  /** The app's install link; `redirect_uri` and `state` are added to it. */
  installUrl: string | undefined;
  /** Where the SDK sends requests instead of api.stripe.com (a local fake in tests). */
  apiBase: string | undefined;
  /** Signs install `state` values; derived from the secrets key. */
  stateKey: Buffer;
  /** Where Stripe sends the person back to after an install. */
  redirectUri: string;
}

/** The sender's bounds (decision 0020; README, "Environment"). */
export interface DeliverySettings {
  /** SMTP hand-offs one process makes at once. */
  concurrency: number;
  /** Hand-offs per organisation per minute, across every worker. */
  ratePerMinute: number;
  /** How long a claim may last with no outcome before the sweep calls it unknown; longer than any hand-off. */
  leaseMs: number;
  /** Hand-offs tried for one email before a transient refusal becomes a failure. */
  maxAttempts: number;
  /** The first wait after a transient refusal; doubled for each further attempt. */
  retryBaseMs: number;
  /** Signs reply addresses (modules/delivery/reply-token.ts); derived from the secrets key. */
  replyKey: Buffer;
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
  const secretsKey = parseSecretsKey(e.SECRETS_KEY ?? readOrCreateSecret(resolve(dataDir, 'secrets-key'), generateSecretsKey));
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
    secretsKey,
    mail: {
      smtpUrl: e.SMTP_URL,
      timeouts: { connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS, greetingMs: e.SMTP_GREETING_TIMEOUT_MS, socketMs: e.SMTP_SOCKET_TIMEOUT_MS },
      accountSmtpUrl: e.ACCOUNT_SMTP_URL ?? e.SMTP_URL,
      accountFrom: e.MAIL_FROM ?? `Receivables <no-reply@${new URL(publicUrl).hostname}>`,
    },
    delivery: {
      concurrency: e.SEND_CONCURRENCY,
      ratePerMinute: e.SEND_RATE_PER_MINUTE,
      leaseMs: e.SEND_LEASE_SECONDS * 1000,
      maxAttempts: e.SEND_MAX_ATTEMPTS,
      retryBaseMs: e.SEND_RETRY_SECONDS * 1000,
      replyKey: replyTokenKey(secretsKey),
    },
    inbound: {
      smtpPort: e.INBOUND_SMTP_PORT,
      smtpHost: e.INBOUND_SMTP_HOST,
      maxBytes: e.INBOUND_MAX_BYTES,
      attachmentMaxBytes: e.INBOUND_ATTACHMENT_MAX_BYTES,
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      appSecret: e.STRIPE_APP_SECRET,
      installUrl: e.STRIPE_INSTALL_URL,
      apiBase: e.STRIPE_API_BASE,
      stateKey: installStateKey(secretsKey),
      redirectUri: `${publicUrl}/callback/stripe`,
    },
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
  try {
    // 'wx': two processes starting at once must end up with one secret, not one each.
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readOrCreateSecret(file, generate);
  }
  return value;
}

/** The server's version, from its package.json (reported by /api/health). */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(resolve(REPO_ROOT, 'server/package.json'), 'utf8')) as { version: string }
).version;
