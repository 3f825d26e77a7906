import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';

// The value lists mirror the contracts' zod enums (docs/domain.md#workflows-and-templates).
export const toneEnum = pgEnum('tone', ['friendly-reminder', 'relationship-building', 'firm', 'urgent']);
export const emailKindEnum = pgEnum('email_kind', ['regular_email', 'escalation_email']);
export const variationEnum = pgEnum('variation', ['none', 'vary', 'full']);
/**
 * The standings a workflow's steps belong to: the two overdue ones, and good standing for reminders
 * before an invoice's due date (decision 0036). A paused customer is never chased.
 */
export const chaseStandingEnum = pgEnum('chase_standing', ['single_missed', 'multiple_missed', 'in_good_standing']);

/** A reminder template ("email setting" in the API's paths): what one email says. */
export const emailTemplate = pgTable(
  'email_template',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    tone: toneEnum('tone').notNull(),
    kind: emailKindEnum('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    variation: variationEnum('variation').notNull().default('none'),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('email_template_org_name_uidx').on(t.orgId, sql`lower(${t.name})`)],
);

/** How an organisation chases: one is the default, followed by every customer without its own. */
export const workflow = pgTable(
  'workflow',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('workflow_org_name_uidx').on(t.orgId, sql`lower(${t.name})`),
    // At most one default per organisation; the database holds the rule even under races.
    uniqueIndex('workflow_org_default_uidx').on(t.orgId).where(sql`${t.isDefault}`),
  ],
);

/**
 * One step of a workflow: which template goes out how many days after a due date (decision 0036):
 * the chase's oldest overdue one for the overdue standings, the next invoice coming due for a
 * reminder before it (zero or negative days).
 */
export const workflowAction = pgTable(
  'workflow_action',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflow.id, { onDelete: 'cascade' }),
    standing: chaseStandingEnum('standing').notNull(),
    delayDays: integer('delay_days').notNull(),
    // RESTRICT: a template in use cannot vanish from under a workflow (the API answers 409 first).
    emailId: uuid('email_id')
      .notNull()
      .references(() => emailTemplate.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /**
     * Sent again every this many days after its own day, until the next step's day comes or the
     * chase ends (decision 0036); null: once. So a workflow's last step need not be its last email.
     */
    repeatDays: integer('repeat_days'),
    ...timestampColumns(),
  },
  (t) => [
    index('workflow_action_workflow_idx').on(t.workflowId, t.standing, t.position),
    index('workflow_action_email_idx').on(t.emailId),
    check('workflow_action_repeat_range', sql`${t.repeatDays} is null or ${t.repeatDays} between 7 and 90`),
    check(
      // As text: the migration that adds the enum's value cannot compare with it in the same transaction.
      'workflow_action_delay_range',
      sql`(${t.standing}::text = 'in_good_standing' and ${t.delayDays} between -60 and 0) or (${t.standing}::text <> 'in_good_standing' and ${t.delayDays} between 0 and 365)`,
    ),
  ],
);
