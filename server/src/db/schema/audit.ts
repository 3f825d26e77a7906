import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn } from './columns';

/**
 * Who changed what (docs/domain.md). `customer_id` ties an entry to the customer whose timeline shows
 * it (a contact or invoice edit belongs to its customer); no foreign keys, so the trail outlives
 * what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    customerId: uuid('customer_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('audit_log_org_customer_at_idx').on(t.orgId, t.customerId, t.at),
    // Settings → Audit log reads the organisation's entries newest first, a keyset page at a time (decision 0027).
    index('audit_log_org_at_idx').on(t.orgId, t.at, t.id),
    // Its person filter, and the people its filter offers.
    index('audit_log_org_actor_at_idx').on(t.orgId, t.actorId, t.at),
  ],
);

/** The stored answer of a write made with an `Idempotency-Key` (docs/api-conventions.md), replayed on retry. */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('idempotency_key_org_key_uidx').on(t.orgId, t.key)],
);
