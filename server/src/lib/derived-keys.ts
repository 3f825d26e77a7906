import { createHmac } from 'node:crypto';

// Keys derived from the instance's secrets key (SECRETS_KEY), one per purpose, so a key that signs
// reply addresses can never verify an install link. The label's version lets a purpose rotate.

/** The key that signs reply addresses' tokens (docs/decisions/0021-replies.md). */
export function replyTokenKey(secretsKey: Buffer): Buffer {
  return createHmac('sha256', secretsKey).update('reply-token/v1').digest();
}

/** The key that signs Stripe install links' state (docs/decisions/0022-stripe.md). */
export function installStateKey(secretsKey: Buffer): Buffer {
  return createHmac('sha256', secretsKey).update('stripe-install-state/v1').digest();
}
