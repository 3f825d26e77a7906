import { z } from 'zod';

import { listResponseSchema } from '../common/list';
import { storableText } from '../common/text';

/**
 * Connected billing accounts (docs/decisions/0022-stripe.md). Stripe is the one provider; an
 * account stays listed after it is disconnected, because what it brought in stays.
 */
export const ACCOUNT_PROVIDERS = ['stripe'] as const;
export const accountProviderSchema = z.enum(ACCOUNT_PROVIDERS);
export type AccountProvider = z.infer<typeof accountProviderSchema>;

export const ACCOUNT_STATUSES = ['connected', 'disconnected'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** A sync reads Stripe in these stages, in this order; each resumes after its last committed page. */
export const SYNC_STAGES = ['customers', 'open_invoices', 'recent_invoices', 'payments'] as const;
export const syncStageSchema = z.enum(SYNC_STAGES);
export type SyncStage = z.infer<typeof syncStageSchema>;

export const SYNC_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const syncStatusSchema = z.enum(SYNC_STATUSES);
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const syncCountsSchema = z.object({
  customers: z.number().int().nonnegative(),
  invoices: z.number().int().nonnegative(),
  payments: z.number().int().nonnegative(),
  /** Objects read but not taken (a draft invoice, an invoice in another currency than its customer). */
  skipped: z.number().int().nonnegative(),
});
export type SyncCounts = z.infer<typeof syncCountsSchema>;
export const EMPTY_SYNC_COUNTS: SyncCounts = { customers: 0, invoices: 0, payments: 0, skipped: 0 };

/** One object a sync could not take, and why, in words a person can act on. */
export const syncProblemSchema = z.object({ object_id: z.string(), reason: z.string() });
export type SyncProblem = z.infer<typeof syncProblemSchema>;
/** A sync keeps the first problems it meets, not all of them: enough to act on, bounded in size. */
export const SYNC_PROBLEMS_KEPT = 50;

export const syncProgressSchema = z.object({
  status: syncStatusSchema.nullable(),
  stage: syncStageSchema.nullable(),
  /** 1-based position of `stage` among SYNC_STAGES; 0 before the first. */
  stage_number: z.number().int().nonnegative(),
  stage_count: z.number().int().positive(),
  /**
   * Whole stages done, as a share of all of them. Stripe's lists do not say how long they are, so
   * the bar moves stage by stage and the counts say how far the current one has gone.
   */
  percent: z.number().int().min(0).max(100),
  counts: syncCountsSchema,
  problems: z.array(syncProblemSchema),
  /** Why the last sync stopped, when it failed. */
  error: z.string().nullable(),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

export const accountSchema = z.object({
  id: z.uuid(),
  provider: accountProviderSchema,
  external_account_id: z.string(),
  livemode: z.boolean(),
  status: accountStatusSchema,
  connected_at: z.iso.datetime({ offset: true }),
  disconnected_at: z.iso.datetime({ offset: true }).nullable(),
  /** Why it was disconnected: by a person here, or the app was removed in Stripe. */
  disconnected_reason: z.enum(['person', 'deauthorized']).nullable(),
  last_synced_at: z.iso.datetime({ offset: true }).nullable(),
  sync: syncProgressSchema,
});
export type Account = z.infer<typeof accountSchema>;

export const accountListSchema = listResponseSchema(accountSchema);
export type AccountList = z.infer<typeof accountListSchema>;

export const accountListQuerySchema = z.strictObject({
  provider: accountProviderSchema.optional(),
  status: accountStatusSchema.optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/** `POST /api/stripe/connect/`: where to send the person to install the app on their Stripe account. */
export const stripeConnectSchema = z.object({
  url: z.url(),
  /** When the `state` in the link stops being accepted. */
  expires_at: z.iso.datetime({ offset: true }),
});
export type StripeConnect = z.infer<typeof stripeConnectSchema>;

/** Stripe ids are ASCII words; anything else is not from Stripe. */
const stripeId = (prefix: string) =>
  z
    .string()
    .min(1)
    .max(255)
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_]+$`), `must be a Stripe id starting ${prefix}`);

/**
 * `/callback/stripe` after an install (docs/decisions/0022-stripe.md), and the body of `POST /api/stripe/complete/`:
 * `livemode` is a boolean that defaults to true (a missing one means a live account). Strict: a
 * livemode that is not a boolean, or `error`/`error_description` alongside (a mix of the two
 * shapes), is refused rather than read as one of them. The web checks an install against this too.
 */
export const stripeInstallCompleteSchema = z.strictObject({
  user_id: stripeId('usr_'),
  account_id: stripeId('acct_'),
  state: storableText(z.string().min(1).max(2000)).optional(),
  install_signature: storableText(z.string().min(1).max(2000)),
  livemode: z.boolean().default(true),
});
export type StripeInstallComplete = z.infer<typeof stripeInstallCompleteSchema>;
export type StripeInstallCompleteInput = z.input<typeof stripeInstallCompleteSchema>;

/** `/callback/stripe` after a cancelled or failed install (docs/decisions/0022-stripe.md): shown to the person. */
export const stripeInstallErrorSchema = z.object({
  error: storableText(z.string().min(1).max(200)),
  error_description: storableText(z.string().max(2000)),
});
export type StripeInstallError = z.infer<typeof stripeInstallErrorSchema>;

/** `POST /api/stripe/webhook`'s answer: whether the event was applied now, already, or is not ours. */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;
