import { z } from 'zod';

import { sendDueEmails, type SendSummary } from '../modules/delivery/send-due-emails';
import type { SenderDeps } from '../modules/delivery/sender-deps';
import { sharedStripeClient } from '../modules/stripe/stripe-client';

import { defineJob, type JobContext } from './job-definition';
import type { JobQueue } from './job-queue';

/**
 * The sender (decision 0020): every minute, and when kicked, due emails are swept, claimed and
 * handed to the mail server (or kept as drafts in dry run). `short` keeps at most one pass
 * waiting, so a slow minute never piles passes up; passes in several workers at once are safe
 * (each email is claimed once, under lock). A pass that leaves a backlog kicks one more, so an
 * idle worker joins in. pg-boss may run a pass twice (a job outliving its expiry): the claim, not
 * the job, is what makes each email go at most once.
 */
export const deliverySendJob = defineJob({
  name: 'delivery.send',
  schedule: '* * * * *',
  queue: { policy: 'short', expireInSeconds: 15 * 60, retryLimit: 0 },
  data: z.object({ orgId: z.uuid().optional() }),
  pollingIntervalSeconds: 2,
  handle: async (ctx, { orgId }) => {
    const summary = await sendDueEmails(senderDeps(ctx), { ...(orgId ? { orgId } : {}), onBacklog: () => kickSender(ctx.jobs) });
    if (Object.values(summary).some((n) => n > 0)) ctx.log.info(`sender: ${describe(summary)}`);
  },
  onWorkerStart: async (ctx) => {
    // Claims a stopped worker left behind are swept, and what fell due meanwhile goes.
    await kickSender(ctx.jobs);
  },
});

/** The sender's dependencies from the worker's context. */
export function senderDeps(ctx: JobContext): SenderDeps {
  const { secrets, mail, delivery, stripe } = ctx.settings;
  return {
    db: ctx.db,
    now: ctx.now,
    log: ctx.log,
    secrets,
    instanceSmtpUrl: mail.smtpUrl,
    timeouts: mail.timeouts,
    outbound: mail.outbound,
    delivery,
    stripe: sharedStripeClient(stripe),
  };
}

/** Ask for a pass now (after a switch to sending, or when a pass leaves a backlog). */
export async function kickSender(jobs: JobQueue, orgId?: string): Promise<void> {
  await jobs.send(deliverySendJob.name, orgId ? { orgId } : {}, { singletonKey: orgId ?? 'all' });
}

const describe = (s: SendSummary): string =>
  `${s.sent} sent, ${s.drafted} drafted, ${s.retried} to retry, ${s.failed} failed, ${s.unknown} unknown, ${s.superseded} superseded, ${s.swept} swept as unknown`;
