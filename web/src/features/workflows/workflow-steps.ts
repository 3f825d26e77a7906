import {
  CHASE_STANDINGS,
  EMAIL_KIND_LABELS,
  TONE_LABELS,
  type ChaseStanding,
  type Workflow,
  type WorkflowAction,
  type WorkflowListResponse,
  type WorkflowUpdate,
} from '@receivables/contracts';

/** The sections of the editor's steps, by the standing they belong to (docs/domain.md#standing). */
export const STANDING_SECTIONS: Record<ChaseStanding, string> = {
  in_good_standing: 'Before the due date',
  single_missed: 'One invoice missed',
  multiple_missed: 'Several invoices missed',
};

/** The editor's sections in the order a customer meets them: before the due date, then overdue. */
export const EDITOR_STANDINGS: readonly ChaseStanding[] = ['in_good_standing', 'single_missed', 'multiple_missed'];

/** A standing's steps, first to last. */
export function stepsOf(workflow: Workflow, standing: ChaseStanding): WorkflowAction[] {
  return workflow.actions.filter((a) => a.standing === standing).sort((a, b) => a.position - b.position);
}

/**
 * "7 days after the due date", "3 days before the due date": a step's timing as the person reads
 * it. Steps count from the due date (decision 0036): the oldest overdue invoice's once a customer
 * is late, the next invoice coming due before.
 */
export function describeDelay(delayDays: number): string {
  if (delayDays === 0) return 'On the due date';
  const days = Math.abs(delayDays);
  return `${days} day${days === 1 ? '' : 's'} ${delayDays < 0 ? 'before' : 'after'} the due date`;
}

/** "Firm reminder (Reminder, Firm)": the template, what kind of email it is and its tone. */
export function describeTemplate(step: Pick<WorkflowAction, 'email_name' | 'kind' | 'tone'>): string {
  return `${step.email_name} (${EMAIL_KIND_LABELS[step.kind]}, ${TONE_LABELS[step.tone]})`;
}

/** "7 days after the due date — Firm reminder (Reminder, Firm), then every 14 days". */
export function describeStep(step: WorkflowAction): string {
  return `${describeDelay(step.delay_days)} — ${describeTemplate(step)}${step.repeat_days ? `, then every ${step.repeat_days} days` : ''}`;
}

/** `ids` with the item at `from` moved to `to`; the same array when either is out of range. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/**
 * True when a step comes after one with a later day. The planner sends a standing's steps by their
 * day and uses this order only between steps of the same day, so the screen says so rather than
 * letting the list promise an order the emails will not follow.
 */
export function isOutOfDayOrder(steps: readonly Pick<WorkflowAction, 'delay_days'>[]): boolean {
  return steps.some((step, index) => index > 0 && step.delay_days < (steps[index - 1]?.delay_days ?? 0));
}

/** The workflow as it will be once `input` is saved, so the screen can show a change before the answer. */
export function applyWorkflowUpdate(workflow: Workflow, input: WorkflowUpdate): Workflow {
  const positions = new Map<string, number>();
  for (const standing of CHASE_STANDINGS) {
    input.action_order?.[standing]?.forEach((id, position) => positions.set(id, position));
  }
  const actions = workflow.actions.map((a) => ({ ...a, position: positions.get(a.id) ?? a.position }));
  return {
    ...workflow,
    name: input.name ?? workflow.name,
    enabled: input.enabled ?? workflow.enabled,
    is_default: input.is_default ?? workflow.is_default,
    actions,
  };
}

/** The list with `input` applied; making one workflow the default unmakes the previous one. */
export function applyWorkflowUpdateToList(list: WorkflowListResponse, input: WorkflowUpdate): WorkflowListResponse {
  const rows = list.rows.map((w) => {
    if (w.id === input.id) return applyWorkflowUpdate(w, input);
    return input.is_default ? { ...w, is_default: false } : w;
  });
  return { ...list, rows };
}

/**
 * "7 days after the due date — Firm reminder": a step named for its buttons and its moves, timed
 * in the words the rest of the product uses (decision 0036; "Day 7" said nothing of from when,
 * decision 0046).
 */
export function shortStepName(step: Pick<WorkflowAction, 'delay_days' | 'email_name'>): string {
  return `${describeDelay(step.delay_days)} — ${step.email_name}`;
}
