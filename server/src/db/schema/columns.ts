import { timestamp, uuid } from 'drizzle-orm/pg-core';

import { authOrganization } from './auth';

// Columns every business table carries (docs/domain.md): a UUID id, the owning organisation (the RLS
// key; deleting an organisation deletes its data) and timestamps.
export const idColumn = () => uuid('id').defaultRandom().primaryKey();
export const orgIdColumn = () =>
  uuid('org_id')
    .notNull()
    .references(() => authOrganization.id, { onDelete: 'cascade' });
export const timestampColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});
