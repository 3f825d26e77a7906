import { APIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';

import type { Db } from '../db/client';

import type { AuthRequestContext } from './auth-request';

/**
 * Limits per ACCOUNT (the address a request names), beside better-auth's per-client-address ones
 * (decision 0026): behind a proxy without TRUST_PROXY every person shares one client address, and a
 * limit keyed by it alone lets one person's failures lock out everyone, while a mailbox could be
 * flooded from many addresses. Each endpoint has a window and a most per address in it.
 */
const PER_ADDRESS: Readonly<Record<string, { windowSeconds: number; max: number; what: string }>> = {
  // Failed attempts: a successful sign-in clears the count (clearOnSuccess).
  '/sign-in/email': { windowSeconds: 15 * 60, max: 10, what: 'sign-in attempts for this address' },
  '/request-password-reset': { windowSeconds: 15 * 60, max: 3, what: 'password reset emails to this address' },
  '/send-verification-email': { windowSeconds: 15 * 60, max: 3, what: 'confirmation emails to this address' },
};

/**
 * Count one request against `key` in a fixed window, atomically (one statement, any number of API
 * processes): better-auth's own counts share the table (`auth_rate_limit`), under other keys.
 * Answers how many the window holds now, and when it started.
 */
async function countRequest(db: Db, key: string, windowSeconds: number, now: number): Promise<{ count: number; startedAt: number }> {
  const windowStart = now - windowSeconds * 1000;
  const rows = await db.execute<{ count: number; last_request: string }>(sql`
    insert into auth_rate_limit (key, count, last_request) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when auth_rate_limit.last_request <= ${windowStart} then 1 else auth_rate_limit.count + 1 end,
      last_request = case when auth_rate_limit.last_request <= ${windowStart} then ${now} else auth_rate_limit.last_request end
    returning count, last_request`);
  const row = rows.rows[0];
  return { count: row?.count ?? 1, startedAt: Number(row?.last_request ?? now) };
}

/** The address a request names, lower-cased; null when it names none (better-auth then refuses it itself). */
function addressOf(body: unknown): string | null {
  const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.length > 0 && email.length <= 320 ? email.trim().toLowerCase() : null;
}

/** Before better-auth runs an endpoint: 429 with Retry-After once an address has had its share of it. */
export async function checkAccountLimit(db: Db, ctx: AuthRequestContext, now = Date.now()): Promise<void> {
  const rule = PER_ADDRESS[ctx.path];
  const address = rule ? addressOf(ctx.body) : null;
  if (!rule || !address) return;
  const { count, startedAt } = await countRequest(db, `account:${ctx.path}:${address}`, rule.windowSeconds, now);
  if (count <= rule.max) return;
  const retryAfter = Math.max(1, Math.ceil((startedAt + rule.windowSeconds * 1000 - now) / 1000));
  const message = `Too many ${rule.what}: try again in ${Math.ceil(retryAfter / 60)} minutes`;
  throw new APIError('TOO_MANY_REQUESTS', { message }, { 'Retry-After': String(retryAfter) });
}

/** How many "you already have an account" emails one mailbox gets in a window, past which they are dropped unsent. */
const EXISTING_ACCOUNT_MAIL = { windowSeconds: 15 * 60, max: 3 };

/**
 * Whether a sign-up for an existing address may email its owner (decision 0026): counted per mailbox
 * like the other account emails, but past the limit the email is dropped rather than the request
 * refused, so the answer to a sign-up never differs between a new address and a taken one.
 */
export async function mayEmailExistingAccount(db: Db, address: string, now = Date.now()): Promise<boolean> {
  const key = `account:/sign-up/email:existing:${address.trim().toLowerCase()}`;
  const { count } = await countRequest(db, key, EXISTING_ACCOUNT_MAIL.windowSeconds, now);
  return count <= EXISTING_ACCOUNT_MAIL.max;
}

/** Endpoints whose count is of failures: a success starts the address afresh. */
const CLEARED_ON_SUCCESS = new Set(['/sign-in/email']);

/** After better-auth ran an endpoint: a person who signed in is not held to their earlier mistakes. */
export async function clearOnSuccess(db: Db, ctx: AuthRequestContext, succeeded: boolean): Promise<void> {
  const address = CLEARED_ON_SUCCESS.has(ctx.path) && succeeded ? addressOf(ctx.body) : null;
  if (!address) return;
  await db.execute(sql`delete from auth_rate_limit where key = ${`account:${ctx.path}:${address}`}`);
}
