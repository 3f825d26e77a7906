import { z } from 'zod';

import { defineConfigSlice, emptyAsUndefined, optionalString } from '../lib/config-slice';
import { installStateKey } from '../lib/derived-keys';

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

export const stripeConfig = defineConfigSlice(
  {
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_APP_SECRET: optionalString,
    STRIPE_INSTALL_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    STRIPE_API_BASE: z.preprocess(emptyAsUndefined, z.url().optional()),
  },
  (e, base): StripeSettings => ({
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    appSecret: e.STRIPE_APP_SECRET,
    installUrl: e.STRIPE_INSTALL_URL,
    apiBase: e.STRIPE_API_BASE,
    stateKey: installStateKey(base.secretsKey),
    redirectUri: `${base.publicUrl}/callback/stripe`,
  }),
);

/**
 * Whether this server can send a person to Stripe to connect an account: the three settings an
 * install link needs (decision 0046). Settings offers "Connect Stripe" only then.
 */
export function canConnectStripe(settings: Pick<StripeSettings, 'installUrl' | 'appSecret' | 'secretKey'>): boolean {
  return Boolean(settings.installUrl && settings.appSecret && settings.secretKey);
}
