import type { CustomerPlan, EmailTemplate, Workflow, WorkflowAction } from '@receivables/contracts';

export const DEFAULT_WORKFLOW_ID = '66666666-6666-4666-8666-666666666661';
export const OTHER_WORKFLOW_ID = '66666666-6666-4666-8666-666666666662';
export const FRIENDLY_TEMPLATE_ID = '77777777-7777-4777-8777-777777777771';
export const FIRM_TEMPLATE_ID = '77777777-7777-4777-8777-777777777772';

/** A step as the API answers it, with whatever the test needs changed. */
export function actionRecord(overrides: Partial<WorkflowAction> = {}): WorkflowAction {
  return {
    id: '88888888-8888-4888-8888-888888888881',
    workflow_id: DEFAULT_WORKFLOW_ID,
    standing: 'single_missed',
    delay_days: 1,
    email_id: FRIENDLY_TEMPLATE_ID,
    email_name: 'Friendly reminder',
    kind: 'regular_email',
    tone: 'friendly-reminder',
    position: 0,
    repeat_days: null,
    ...overrides,
  };
}

/** A workflow as the API answers it: by default the organisation's default, with no steps. */
export function workflowRecord(overrides: Partial<Workflow> = {}): Workflow {
  return {
    id: DEFAULT_WORKFLOW_ID,
    name: 'Standard chasing',
    is_default: true,
    enabled: true,
    customer_count: 0,
    default_follower_count: 0,
    actions: [],
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** A template as the API answers it. */
export function templateRecord(overrides: Partial<EmailTemplate> = {}): EmailTemplate {
  return {
    id: FRIENDLY_TEMPLATE_ID,
    name: 'Friendly reminder',
    tone: 'friendly-reminder',
    kind: 'regular_email',
    subject: 'A friendly reminder',
    body: '<p>Hello</p>',
    variation: 'none',
    used_by: 1,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** A customer's plan as the API answers it: by default, following the default workflow with nothing planned. */
export function planRecord(overrides: Partial<CustomerPlan> = {}): CustomerPlan {
  return {
    workflow: { id: DEFAULT_WORKFLOW_ID, name: 'Standard chasing', enabled: true },
    follows_default: true,
    next: null,
    note: null,
    ...overrides,
  };
}
