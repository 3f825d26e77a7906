import { z } from 'zod';

import { defineConfigSlice, emptyAsUndefined } from '../lib/config-slice';
import { replyTokenKey } from '../lib/derived-keys';

/** The sender's bounds (decision 0020; README, "Configuration"). */
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
  /** Signs reply addresses (reply-token.ts); derived from the secrets key. */
  replyKey: Buffer;
}

export const deliveryConfig = defineConfigSlice(
  {
    SEND_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(4)),
    SEND_RATE_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(60)),
    SEND_LEASE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(600)),
    SEND_MAX_ATTEMPTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(20).default(5)),
    SEND_RETRY_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(60)),
  },
  (e, base): DeliverySettings => ({
    concurrency: e.SEND_CONCURRENCY,
    ratePerMinute: e.SEND_RATE_PER_MINUTE,
    leaseMs: e.SEND_LEASE_SECONDS * 1000,
    maxAttempts: e.SEND_MAX_ATTEMPTS,
    retryBaseMs: e.SEND_RETRY_SECONDS * 1000,
    replyKey: replyTokenKey(base.secretsKey),
  }),
);
