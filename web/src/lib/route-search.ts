import { eventTabSchema } from '@receivables/contracts';
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
});
export type EmailsSearch = z.infer<typeof emailsSearchSchema>;

/** What Stripe sends back to `/callback/stripe`: an install, or a cancellation (docs/product.md). */
export const stripeCallbackSearchSchema = z.object({
  user_id: text(),
  account_id: text(),
  state: text(),
  install_signature: text(),
  // A missing livemode means live (docs/product.md, Constants).
  livemode: z
    .preprocess((v) => (v === 'false' ? false : v === 'true' ? true : v), z.boolean())
    .default(true)
    .catch(true),
  error: text(),
  error_description: text(),
});
export type StripeCallbackSearch = z.infer<typeof stripeCallbackSearchSchema>;

export type StripeCallback =
  | { kind: 'install'; userId: string; accountId: string; state?: string; installSignature: string; livemode: boolean }
  | { kind: 'error'; error: string; description: string }
  | { kind: 'invalid' };

/** Decides which of the two shapes the callback carries; anything else is invalid. */
export function readStripeCallback(search: StripeCallbackSearch): StripeCallback {
  if (search.error && search.error_description) {
    return { kind: 'error', error: search.error, description: search.error_description };
  }
  if (search.user_id && search.account_id && search.install_signature) {
    return {
      kind: 'install',
      userId: search.user_id,
      accountId: search.account_id,
      state: search.state,
      installSignature: search.install_signature,
      livemode: search.livemode,
    };
  }
  return { kind: 'invalid' };
}
