import type { SendingMode } from '@receivables/contracts';

/**
 * Why a customer would get nothing from its workflow right now, or null when steps can be
 * planned: the one answer the workflow preview and the customer page both give.
 */
export function nothingPlanned(
  customer: { name: string; standing: string },
  workflowEnabled: boolean,
  sendingMode: SendingMode,
  /** The workflow has reminders before the due date and an invoice is coming due. */
  remindersBeforeDue = false,
): string | null {
  if (!workflowEnabled) return 'This workflow is disabled: it sends nothing until it is enabled again.';
  if (customer.standing === 'paused') return `${customer.name} is paused: nothing is sent until chasing resumes.`;
  if (customer.standing === 'in_good_standing' && !remindersBeforeDue) return `${customer.name} has nothing overdue: the workflow starts when an invoice passes its due date.`;
  if (sendingMode === 'disabled') return 'Sending is disabled for the organisation: nothing would be scheduled.';
  return null;
}
