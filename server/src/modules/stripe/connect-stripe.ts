import type { Account, StripeConnect, StripeInstallComplete } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';

import { canConnectStripe, type StripeSettings } from '../../config-slices/stripe';
import { withOrg } from '../../db/client';
import { account, accountInstallNonce } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { domainRule } from '../../errors/domain-errors';
import { onUniqueViolation } from '../../errors/unique-violation';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { queuedSync, type StripeSyncQueue, toAccount } from './account-record';
import { createInstallState, readInstallState } from './install-state';

/** How old an install_signature may be, in seconds: Stripe's own webhook tolerance. */
export const INSTALL_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Where to send the person to install the app on their Stripe account (decision 0022). Stripe
 * sends them back to `/callback/stripe` at the address they are using when it is one the app
 * trusts (without PUBLIC_URL, each local form), so their session is there; else at PUBLIC_URL.
 */
export function stripeConnectLink(
  settings: StripeSettings,
  who: { orgId: string; userId: string; origin: string | undefined; trustedOrigins: readonly string[] },
  now: Date,
): StripeConnect {
  if (!canConnectStripe(settings) || !settings.installUrl) {
    throw domainRule(
      'Stripe is not set up on this server',
      'stripe',
      'set STRIPE_SECRET_KEY, STRIPE_APP_SECRET and STRIPE_INSTALL_URL (README, "Stripe")',
    );
  }
  const { state, expiresAt } = createInstallState(settings.stateKey, who, now);
  const url = new URL(settings.installUrl);
  const origin = who.origin && who.trustedOrigins.includes(who.origin) ? who.origin : null;
  url.searchParams.set('redirect_uri', origin ? `${origin}/callback/stripe` : settings.redirectUri);
  url.searchParams.set('state', state);
  return { url: url.toString(), expires_at: expiresAt.toISOString() };
}

/**
 * Finish a connection from the callback's parameters: Stripe's `install_signature` over
 * `JSON.stringify({state, user_id, account_id})` (that key order) is checked with the SDK and
 * its timestamp tolerance; then our `state`: ours, unexpired, for this person and organisation,
 * and not used before. The account is stored (reconnecting one brings it back) and its first sync
 * queued. Each refusal says which check failed, so a person knows to start again.
 */
export async function completeStripeInstall(
  deps: Omit<OrgScope, 'now'> & { settings: StripeSettings; syncs: StripeSyncQueue; now: Date },
  input: StripeInstallComplete,
): Promise<{ account: Account; created: boolean }> {
  const { settings } = deps;
  if (!settings.appSecret) throw domainRule('Stripe is not set up on this server', 'stripe', 'set STRIPE_APP_SECRET (README, "Stripe")');
  if (!input.state) throw refused('state', 'is missing: start the connection from Settings → Integrations');
  const signed = JSON.stringify({ state: input.state, user_id: input.user_id, account_id: input.account_id });
  try {
    if (!Stripe.webhooks.signature) throw new Error('the SDK cannot verify signatures here');
    const tolerance = INSTALL_SIGNATURE_TOLERANCE_SECONDS;
    Stripe.webhooks.signature.verifyHeader(signed, input.install_signature, settings.appSecret, tolerance, undefined, deps.now.getTime());
  } catch (error) {
    const expired = error instanceof Error && /tolerance/i.test(error.message);
    throw refused('install_signature', expired ? 'is too old: connect again from Settings → Integrations' : 'does not match the install: it was altered or is not from Stripe');
  }
  const checked = readInstallState(settings.stateKey, input.state, deps.now);
  if (!checked.ok) {
    const reasons = { malformed: 'is not one this app made', forged: 'was altered', expired: 'has expired: connect again from Settings → Integrations' };
    throw refused('state', reasons[checked.reason]);
  }
  if (checked.state.orgId !== deps.orgId || checked.state.userId !== deps.actorId) {
    throw refused('state', 'was made for another person or organisation');
  }
  const stored = await withOrg(deps.db, deps.orgId, async (tx) => {
    const [fresh] = await tx
      .insert(accountInstallNonce)
      .values({ nonce: checked.state.nonce, orgId: deps.orgId })
      .onConflictDoNothing()
      .returning();
    if (!fresh) throw refused('state', 'was already used: this install has been completed');
    const [existing] = await tx
      .select()
      .from(account)
      .where(and(eq(account.orgId, deps.orgId), eq(account.provider, 'stripe'), eq(account.externalAccountId, input.account_id)))
      .for('update');
    const values = {
      livemode: input.livemode,
      status: 'connected' as const,
      connectedAt: deps.now,
      connectedBy: deps.actorId,
      disconnectedAt: null,
      disconnectedReason: null,
      ...queuedSync(),
    };
    const write = existing
      ? tx.update(account).set(values).where(eq(account.id, existing.id)).returning()
      : tx.insert(account).values({ orgId: deps.orgId, provider: 'stripe', externalAccountId: input.account_id, ...values }).returning();
    const [row] = await write.catch(
      onUniqueViolation({
        account_connected_external_uidx: {
          message: 'This Stripe account is connected to another organisation',
          field: 'account_id',
          reason: 'disconnect it there first',
        },
      }),
    );
    if (!row) throw new Error('account write returned nothing');
    await recordAudit(tx, deps, {
      action: 'account.connect',
      entity: 'account',
      entityId: row.id,
      customerId: null,
      before: existing ? { status: existing.status } : null,
      after: { provider: 'stripe', external_account_id: row.externalAccountId, livemode: row.livemode },
    });
    return { account: toAccount(row), created: !existing };
  });
  // Queued once the account is committed, so the job always finds it.
  await deps.syncs.syncAccount({ orgId: deps.orgId, accountId: stored.account.id });
  return stored;
}

const refused = (field: string, reason: string) => new AppError('DOMAIN_RULE', `The Stripe connection was refused: its ${field} ${reason}`, [{ field, reason }]);
