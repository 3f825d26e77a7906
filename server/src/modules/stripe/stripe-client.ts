import Stripe from 'stripe';

import type { StripeSettings } from '../../config-slices/stripe';

/**
 * The official SDK over the app's secret key (decision 0022), or null while none is set. Every
 * read of a connected account passes its id as `stripeAccount`. `STRIPE_API_BASE` points the SDK
 * at another host (the tests' local fake, which speaks Stripe's wire format); the SDK's own
 * retries cover dropped connections and 5xx answers, and the sync adds its own wait for 429s.
 */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe | null {
  if (!settings.secretKey) return null;
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
    appInfo: { name: 'receivables' },
  });
}

// One SDK client per process for the worker's jobs: it keeps its connections alive between requests.
let shared: { key: string; stripe: Stripe | null } | undefined;

/** The process's client for these settings (the worker's jobs share it); null without a key. */
export function sharedStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe | null {
  const key = `${settings.secretKey ?? ''}@${settings.apiBase ?? ''}`;
  if (shared?.key !== key) shared = { key, stripe: createStripeClient(settings) };
  return shared.stripe;
}

/** What reading Stripe needs: the client (null when no key is configured) and the settings. */
export interface StripeDeps {
  stripe: Stripe | null;
  settings: StripeSettings;
}

/** Request options that read as the connected account. */
export const asAccount = (externalAccountId: string): Stripe.RequestOptions => ({ stripeAccount: externalAccountId });
