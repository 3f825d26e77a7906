import { formatCount } from '../../../lib/format';

import { type WorkflowChoice, WorkflowChoiceDialog } from './workflow-choice-dialog';

interface CustomerBulkWorkflowDialogProps {
  count: number;
  /** The selection is every customer the search and filters match, most of them on other pages. */
  isAllMatching: boolean;
  isPending: boolean;
  /** The caller sends it and reports the outcome. */
  onChoose: (choice: WorkflowChoice) => unknown;
  onClose: () => void;
}

/**
 * Assign one workflow, or the organisation default, to every selected customer. The dialog names
 * the count and is the last look before the action, as Pause's is, so it needs no confirmation.
 */
export function CustomerBulkWorkflowDialog({ count, isAllMatching, isPending, onChoose, onClose }: CustomerBulkWorkflowDialogProps) {
  const who = count === 1 ? '1 customer' : `${formatCount(count)} customers`;
  const description = isAllMatching
    ? `Every customer matching the search and filters (${who}), including those on other pages, follows the workflow you choose.`
    : `The ${count === 1 ? 'selected customer follows' : `${formatCount(count)} selected customers follow`} the workflow you choose.`;
  return (
    <WorkflowChoiceDialog
      title={`Assign a workflow to ${who}`}
      description={description}
      submitLabel="Assign workflow"
      isPending={isPending}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
