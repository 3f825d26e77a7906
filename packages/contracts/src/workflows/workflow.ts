import { z } from 'zod';

import { listResponseSchema } from '../common/list';
import { textSchema } from '../common/text';
import { emailKindSchema, toneSchema } from '../emails/email-template';

/**
 * The standings a workflow's steps belong to (docs/domain.md#standing): the two overdue ones, and
 * good standing for reminders before an invoice's due date (decision 0036).
 */
export const CHASE_STANDINGS = ['single_missed', 'multiple_missed', 'in_good_standing'] as const;
export const chaseStandingSchema = z.enum(CHASE_STANDINGS);
export type ChaseStanding = z.infer<typeof chaseStandingSchema>;

export const DELAY_DAYS_MAX = 365;
/** The earliest reminder before a due date, in days (a negative delay). */
export const DELAY_DAYS_BEFORE_DUE_MAX = 60;

/**
 * One step: which template goes out how many days after a due date (decision 0036) — the chase's
 * oldest overdue invoice's for the overdue standings; for a reminder before it (`in_good_standing`,
 * zero or negative days) the next invoice coming due.
 */
export const workflowActionSchema = z.object({
  id: z.uuid(),
  workflow_id: z.uuid(),
  standing: chaseStandingSchema,
  delay_days: z.number().int(),
  email_id: z.uuid(),
  email_name: z.string(),
  /** The template's kind decides the recipients: regular to the primary, escalation to the escalation contact. */
  kind: emailKindSchema,
  tone: toneSchema,
  position: z.number().int(),
  /** Sent again every this many days until the next step's day comes or the chase ends; null: once (decision 0036). */
  repeat_days: z.number().int().nullable(),
});
export type WorkflowAction = z.infer<typeof workflowActionSchema>;

export const REPEAT_DAYS_MIN = 7;
export const REPEAT_DAYS_MAX = 90;

export const workflowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  is_default: z.boolean(),
  enabled: z.boolean(),
  /** Customers that follow it by choice (not counting those on the default by default). */
  customer_count: z.number().int(),
  /**
   * The default's: customers with no workflow of their own, who follow it because it is the
   * default; 0 for every other workflow. The list says how many follow each (decision 0046).
   */
  default_follower_count: z.number().int(),
  actions: z.array(workflowActionSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListResponseSchema = listResponseSchema(workflowSchema);
export type WorkflowListResponse = z.infer<typeof workflowListResponseSchema>;

const workflowNameSchema = textSchema({ min: 1, max: 120 });

/** `POST /api/workflows/`: a new, empty workflow, or a copy of another (`duplicate_of`). */
export const workflowCreateSchema = z.object({
  name: workflowNameSchema,
  duplicate_of: z.uuid().optional(),
});
export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;

/** The order of a standing's steps, by action id, first to last. */
const actionOrderSchema = z.array(z.uuid()).max(100);

/** `PUT /api/workflows/`: rename, enable or disable, make default, reorder steps. */
export const workflowUpdateSchema = z.object({
  id: z.uuid(),
  name: workflowNameSchema.optional(),
  enabled: z.boolean().optional(),
  /** Only `true` is meaningful: the previous default stops being one. */
  is_default: z.literal(true).optional(),
  action_order: z
    .object({
      single_missed: actionOrderSchema.optional(),
      multiple_missed: actionOrderSchema.optional(),
      in_good_standing: actionOrderSchema.optional(),
    })
    .optional(),
});
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;

/** `POST /api/workflows/action/`: add a step (no id) or change one (with its id). */
export const workflowActionWriteSchema = z
  .object({
    id: z.uuid().optional(),
    workflow_id: z.uuid(),
    standing: chaseStandingSchema,
    delay_days: z
      .number()
      .int()
      .min(-DELAY_DAYS_BEFORE_DUE_MAX, `must be between -${DELAY_DAYS_BEFORE_DUE_MAX} and ${DELAY_DAYS_MAX} days`)
      .max(DELAY_DAYS_MAX, `must be between -${DELAY_DAYS_BEFORE_DUE_MAX} and ${DELAY_DAYS_MAX} days`),
    email_id: z.uuid(),
    /** Null or absent: the step goes once. */
    repeat_days: z
      .number()
      .int()
      .min(REPEAT_DAYS_MIN, `must be between ${REPEAT_DAYS_MIN} and ${REPEAT_DAYS_MAX} days, or null`)
      .max(REPEAT_DAYS_MAX, `must be between ${REPEAT_DAYS_MIN} and ${REPEAT_DAYS_MAX} days, or null`)
      .nullable()
      .optional(),
  })
  .superRefine((step, ctx) => {
    // A reminder before the due date counts back from it; an overdue step counts on from it.
    if (step.standing === 'in_good_standing' && step.delay_days > 0) {
      ctx.addIssue({ code: 'custom', path: ['delay_days'], message: 'must be 0 or fewer days (before the due date) for a reminder before it' });
    }
    if (step.standing !== 'in_good_standing' && step.delay_days < 0) {
      ctx.addIssue({ code: 'custom', path: ['delay_days'], message: 'must be 0–365 days after the due date for an overdue step' });
    }
  });
export type WorkflowActionWrite = z.infer<typeof workflowActionWriteSchema>;

export const workflowIdParamsSchema = z.object({ id: z.uuid() });

/** `DELETE /api/workflows/{id}/?reassign_to=`: where its customers go; without it they follow the default. */
export const workflowDeleteQuerySchema = z.object({ reassign_to: z.uuid().optional() });

export const workflowPreviewParamsSchema = z.object({ workflowId: z.uuid(), customerId: z.uuid() });

/**
 * Why a planned email goes out later than its due day (docs/domain.md#workflows-and-templates);
 * `payment_retry`: Stripe is still retrying the card, and the email waits for it (decision 0023).
 */
export const deferReasonSchema = z.enum(['not_a_working_day', 'public_holiday', 'outside_send_window', 'weekly_cap', 'payment_retry']);
export type DeferReason = z.infer<typeof deferReasonSchema>;

export const previewRecipientSchema = z.object({ name: z.string().nullable(), email: z.string() });

/** One email of a preview: when, to whom, and exactly what it says. */
export const previewStepSchema = z.object({
  action_id: z.uuid(),
  standing: chaseStandingSchema,
  delay_days: z.number().int(),
  email_id: z.uuid(),
  email_name: z.string(),
  kind: emailKindSchema,
  due_day: z.string(),
  send_at: z.string(),
  deferred: z.array(deferReasonSchema),
  to: z.array(previewRecipientSchema),
  cc: z.array(previewRecipientSchema),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /**
   * Why it would not be sent: no contact for its kind (it goes if one is added in time), or stale
   * (more days late than its own delay: recorded, never sent). Null when it goes.
   */
  problem: z.string().nullable(),
});
export type PreviewStep = z.infer<typeof previewStepSchema>;

export const workflowPreviewSchema = z.object({
  customer_id: z.uuid(),
  customer_name: z.string(),
  standing: z.string(),
  /** Why nothing is planned, when nothing is (in good standing, paused, workflow disabled). */
  note: z.string().nullable(),
  steps: z.array(previewStepSchema),
});
export type WorkflowPreview = z.infer<typeof workflowPreviewSchema>;

/**
 * `GET /api/customers/{id}/plan/`: the workflow a customer follows (its own, else the default) and
 * the next email it would send, for the customer page.
 */
export const customerPlanSchema = z.object({
  workflow: z.object({ id: z.uuid(), name: z.string(), enabled: z.boolean() }).nullable(),
  /** True when the customer has no workflow of its own and follows the organisation's default. */
  follows_default: z.boolean(),
  next: z
    .object({
      action_id: z.uuid(),
      email_name: z.string(),
      kind: emailKindSchema,
      send_at: z.string(),
      deferred: z.array(deferReasonSchema),
    })
    .nullable(),
  /** Why nothing is planned, when nothing is. */
  note: z.string().nullable(),
});
export type CustomerPlan = z.infer<typeof customerPlanSchema>;
