import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import Stripe from 'stripe';

import { type Db, withOrg } from '../../db/client';
import { account, invoice } from '../../db/schema';
import type { OperationLog } from '../../lib/operation-log';

import { asAccount } from './stripe-client';
import { isSkip, mapInvoice } from './stripe-mapping';
import { followStripeWrites, upsertStripeInvoice } from './stripe-records';

export interface RecheckDeps {
  db: Db;
  stripe?: Stripe | null | undefined;
  now: () => Date;
  log: OperationLog;
}

/**
 * Read back from Stripe, just before their emails go, the open Stripe invoices of these customers,
 * and apply what changed (decision 0023): a payment Stripe already has is never chased, even when
 * its webhook is late or lost. A paid or voided invoice moves the customer's standing, so the
 * sender's episode check supersedes the email (`debt_paid`); an invoice Stripe is retrying again
 * holds it (the reconciled plan moves it past the next try). Runs in its own transaction, before
 * the sender claims anything: no lock is held while Stripe answers.
 *
 * Answers the customers whose invoices could not be read: their emails wait for a later pass
 * rather than go unchecked. Without a Stripe key, or a connected account, there is nothing to read.
 */
export async function recheckStripeInvoices(deps: RecheckDeps, orgId: string, customerIds: readonly string[]): Promise<Set<string>> {
  const unreadable = new Set<string>();
  const { stripe } = deps;
  if (!stripe || customerIds.length === 0) return unreadable;
  const { accounts, open } = await withOrg(deps.db, orgId, async (tx) => ({
    accounts: await tx
      .select({ externalId: account.externalAccountId })
      .from(account)
      .where(and(eq(account.orgId, orgId), eq(account.provider, 'stripe'), eq(account.status, 'connected'))),
    open: await tx
      .select({ customerId: invoice.customerId, stripeId: invoice.externalId })
      .from(invoice)
      .where(
        and(
          eq(invoice.orgId, orgId),
          inArray(invoice.customerId, [...customerIds]),
          eq(invoice.source, 'stripe'),
          eq(invoice.status, 'open'),
          isNotNull(invoice.externalId),
        ),
      ),
  }));
  if (accounts.length === 0 || open.length === 0) return unreadable;

  const read: Stripe.Invoice[] = [];
  for (const row of open) {
    if (!row.stripeId || unreadable.has(row.customerId)) continue;
    try {
      const found = await retrieveFromAny(stripe, row.stripeId, accounts.map((a) => a.externalId));
      if (found) read.push(found);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      unreadable.add(row.customerId);
      deps.log.warn(`sender: Stripe could not be read to re-check invoice ${row.stripeId}; its customer's emails wait: ${error.message}`);
    }
  }
  if (read.length === 0) return unreadable;

  const now = deps.now();
  await withOrg(deps.db, orgId, async (tx) => {
    const touched = new Set<string>();
    for (const item of read) {
      const mapped = mapInvoice(item);
      if (isSkip(mapped)) continue;
      const outcome = await upsertStripeInvoice(tx, orgId, mapped, now);
      if ('customerId' in outcome) touched.add(outcome.customerId);
    }
    await followStripeWrites(tx, orgId, [...touched], now);
  });
  return unreadable;
}

/**
 * The invoice from whichever of the organisation's connected accounts holds it (almost always its
 * only one); null when none does any more. Any other error is Stripe's, and is thrown.
 */
async function retrieveFromAny(stripe: Stripe, invoiceId: string, accounts: readonly string[]): Promise<Stripe.Invoice | null> {
  for (const externalId of accounts) {
    try {
      return await stripe.invoices.retrieve(invoiceId, {}, asAccount(externalId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) continue;
      throw error;
    }
  }
  return null;
}
