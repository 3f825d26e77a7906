import { calendarDateSchema, eventStatusSchema, eventTabSchema, stripeInstallCompleteSchema } from '@receivables/contracts';
import { z } from 'zod';

import { safeRedirect } from './safe-redirect';

// Lenient URL schemas (docs/style.md: strict at the server, lenient at the router): every field has a
// `.catch()` so a hand-edited or stale URL degrades to a default instead of crashing the page.

// The router JSON-parses search values, so `?state=123` arrives as a number; treat it as text.
const text = () =>
  z
    .preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string().min(1).optional())
    .catch(undefined);

/** signin, signup, org-select: where to go afterwards; `/` unless a same-origin path. */
export const redirectSearchSchema = z.object({
  redirect_url: z.unknown().optional().transform(safeRedirect).catch('/'),
});

export const workflowsSearchSchema = z.object({
  workflow_id: z.uuid().optional().catch(undefined),
});

/** `/customers/import`: the import being mapped, run or reviewed; none shows the upload step. */
export const customerImportSearchSchema = z.object({
  import_id: z.uuid().optional().catch(undefined),
});

/** `/emails/` (Activity): one customer's emails or everyone's, the tab, the page. */
export const EMAILS_SEARCH_DEFAULTS = { tab: 'outbox', page: 1 } as const;

export const emailsSearchSchema = z.object({
  // Only a UUID can name a customer; anything else shows everyone's emails (docs/product.md, Routes).
  customer_id: z.uuid().optional().catch(undefined),
  tab: eventTabSchema.default(EMAILS_SEARCH_DEFAULTS.tab).catch(EMAILS_SEARCH_DEFAULTS.tab),
  page: z.number().int().min(1).max(1_000_000).default(EMAILS_SEARCH_DEFAULTS.page).catch(EMAILS_SEARCH_DEFAULTS.page),
  /** One status (Planned, Sent…); Home's "going out today" links with `pending` (decision 0040). */
  status: eventStatusSchema.optional().catch(undefined),
  /** The workflow that planned the emails (not on the inbox: a received email has none). */
  workflow_id: z.uuid().optional().catch(undefined),
  /** Whole days of the organisation's zone, inclusive; a range the wrong way round is dropped. */
  from: calendarDateSchema.optional().catch(undefined),
  to: calendarDateSchema.optional().catch(undefined),
});
export type EmailsSearch = z.infer<typeof emailsSearchSchema>;

/**
 * `livemode` as the router hands it over: it JSON-parses `?livemode=false` into a boolean, and a
 * quoted `"false"` stays text. Only true and false are a mode; anything else is kept as `'invalid'`
 * so the callback is refused rather than guessed to be live.
 */
const livemode = () =>
  z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.union([z.boolean(), z.literal('invalid')]).optional())
    .catch('invalid');

/**
 * What Stripe sends back to `/callback/stripe` (docs/decisions/0022-stripe.md), read leniently so no URL crashes the
 * page; `readStripeCallback` decides whether it is an install, a cancellation, or neither.
 */
export const stripeCallbackSearchSchema = z.object({
  user_id: text(),
  account_id: text(),
  state: text(),
  install_signature: text(),
  livemode: livemode(),
  error: text(),
  error_description: text(),
});
export type StripeCallbackSearch = z.infer<typeof stripeCallbackSearchSchema>;

export type StripeCallback =
  | { kind: 'install'; userId: string; accountId: string; state?: string; installSignature: string; livemode: boolean }
  | { kind: 'error'; error: string; description: string }
  | { kind: 'invalid' };

/**
 * Decides which of the two shapes (docs/decisions/0022-stripe.md) the callback carries. A field of both shapes at once, a
 * livemode that is not a boolean, or an install the server's own contract would refuse (an id that
 * is not Stripe's) is neither: the page says the link is incomplete and posts nothing.
 */
export function readStripeCallback(search: StripeCallbackSearch): StripeCallback {
  const { error, error_description: description, livemode: mode, ...install } = search;
  const installFields = [install.user_id, install.account_id, install.state, install.install_signature, mode];
  const hasInstallField = installFields.some((v) => v !== undefined);
  const hasErrorField = error !== undefined || description !== undefined;
  if (hasInstallField && hasErrorField) return { kind: 'invalid' };
  if (error && description) return { kind: 'error', error, description };
  if (mode === 'invalid') return { kind: 'invalid' };
  const body = stripeInstallCompleteSchema.safeParse({ ...install, livemode: mode });
  if (!body.success) return { kind: 'invalid' };
  const { user_id: userId, account_id: accountId, state, install_signature: installSignature, livemode: isLive } = body.data;
  return { kind: 'install', userId, accountId, state, installSignature, livemode: isLive };
}
