import type { SyncCounts, SyncProblem } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';

// The value lists mirror the contracts' enums (packages/contracts/src/accounts/account.ts).
export const accountProviderEnum = pgEnum('account_provider', ['stripe']);
export const accountStatusEnum = pgEnum('account_status', ['connected', 'disconnected']);
export const syncStatusEnum = pgEnum('sync_status', ['queued', 'running', 'completed', 'failed']);
export const syncStageEnum = pgEnum('sync_stage', ['customers', 'open_invoices', 'recent_invoices', 'payments']);

/**
 * A billing account an organisation connected (decision 0022), with the state of its sync: the
 * stage it is in and the last object id committed there, so a sync a crash stopped resumes after
 * its last committed page instead of starting over.
 */
export const account = pgTable(
  'account',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    provider: accountProviderEnum('provider').notNull().default('stripe'),
    externalAccountId: text('external_account_id').notNull(),
    livemode: boolean('livemode').notNull(),
    status: accountStatusEnum('status').notNull().default('connected'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).defaultNow().notNull(),
    connectedBy: uuid('connected_by'),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    disconnectedReason: text('disconnected_reason').$type<'person' | 'deauthorized'>(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    syncStatus: syncStatusEnum('sync_status'),
    syncStage: syncStageEnum('sync_stage'),
    /** The last Stripe id committed in `sync_stage` (the list's `starting_after`); null at a stage's start. */
    syncCursor: text('sync_cursor'),
    syncCounts: jsonb('sync_counts').$type<SyncCounts>().notNull().default({ customers: 0, invoices: 0, payments: 0, skipped: 0 }),
    syncProblems: jsonb('sync_problems').$type<SyncProblem[]>().notNull().default([]),
    syncError: text('sync_error'),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncFinishedAt: timestamp('sync_finished_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('account_org_provider_external_uidx').on(t.orgId, t.provider, t.externalAccountId),
    // A Stripe account feeds one organisation at a time: its webhooks must have one place to go.
    uniqueIndex('account_connected_external_uidx')
      .on(t.provider, t.externalAccountId)
      .where(sql`${t.status} = 'connected'`),
  ],
);

/**
 * Install links already used (decision 0022): the nonce of each `state` that completed a
 * connection, so the same callback presented again is refused rather than connecting twice.
 */
export const accountInstallNonce = pgTable('account_install_nonce', {
  nonce: text('nonce').primaryKey(),
  orgId: orgIdColumn(),
  usedAt: timestamp('used_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Stripe webhook events received (decision 0022), by Stripe's own event id: a redelivered event
 * is recognised and not applied twice. Events are applied by reading the object's current state
 * from Stripe, so their order does not matter.
 */
export const stripeEvent = pgTable(
  'stripe_event',
  {
    id: text('id').primaryKey(),
    orgId: orgIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('stripe_event_org_received_idx').on(t.orgId, t.receivedAt)],
);
