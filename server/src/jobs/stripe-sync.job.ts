import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';

import { account } from '../db/schema';
import type { StripeSyncQueue } from '../modules/stripe/account-record';
import { sharedStripeClient } from '../modules/stripe/stripe-client';
import { syncAccount } from '../modules/stripe/sync-account';

import { defineJob } from './job-definition';
import type { JobQueue } from './job-queue';

/**
 * Reads a connected Stripe account into ours (decision 0022). One job per ACCOUNT, keyed by its
 * id: `stately` keeps at most one waiting and one running per account. A job pg-boss runs again
 * after a crash resumes after the last committed page; a worker starting up picks up syncs that
 * were queued or running when the last one stopped.
 */
export const stripeSyncJob = defineJob({
  name: 'stripe.sync',
  queue: { policy: 'stately', expireInSeconds: 30 * 60, retryLimit: 5, retryDelay: 30, retryBackoff: true },
  data: z.object({ orgId: z.uuid(), accountId: z.uuid() }),
  pollingIntervalSeconds: 1,
  handle: async (ctx, ref) => {
    const stripe = sharedStripeClient(ctx.settings.stripe);
    if (!stripe) {
      ctx.log.warn('stripe sync skipped: STRIPE_SECRET_KEY is not set');
      return;
    }
    await syncAccount({ db: ctx.db, stripe, now: ctx.now, log: ctx.log }, ref);
  },
  onWorkerStart: async (ctx) => {
    // Read across organisations (policy account_lookup): which syncs a stopped worker left unfinished.
    const unfinished = await ctx.db
      .select({ orgId: account.orgId, accountId: account.id })
      .from(account)
      .where(and(eq(account.status, 'connected'), inArray(account.syncStatus, ['queued', 'running'])));
    const queue = stripeSyncQueue(ctx.jobs);
    for (const ref of unfinished) await queue.syncAccount(ref);
    if (unfinished.length > 0) ctx.log.info(`stripe syncs resumed: ${unfinished.length}`);
  },
});

/** The stripe module's StripeSyncQueue port, over the job queue. */
export function stripeSyncQueue(jobs: JobQueue): StripeSyncQueue {
  return {
    syncAccount: async (ref) => {
      await jobs.send(stripeSyncJob.name, ref, { singletonKey: ref.accountId });
    },
  };
}
