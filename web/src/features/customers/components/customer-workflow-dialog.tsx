import type { Customer } from '@receivables/contracts';
import { useState } from 'react';

import { isRequestError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateCustomer } from '../api/update-customer';

import { type WorkflowChoice, WorkflowChoiceDialog } from './workflow-choice-dialog';

/** Choose the workflow one customer follows, or send it back to the organisation default. */
export function CustomerWorkflowDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const notify = useNotify();
  const update = useUpdateCustomer(customer.id);
  const [serverError, setServerError] = useState<string | null>(null);

  const onChoose = async ({ workflowId, label }: WorkflowChoice) => {
    setServerError(null);
    if (workflowId === customer.workflow_id) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ workflow_id: workflowId });
      notify(`${customer.name} now follows ${label}`, 'success');
      onClose();
    } catch (error) {
      // A workflow deleted meanwhile is refused on the field: "Workflow not found: no such workflow in this organisation".
      const message = error instanceof Error ? error.message : 'Could not change the workflow';
      const onField = isRequestError(error) ? error.details.find((d) => d.field === 'workflow_id') : undefined;
      setServerError(onField ? `${message}: ${onField.reason}` : message);
    }
  };

  return (
    <WorkflowChoiceDialog
      title="Change workflow"
      description={`Choose the workflow that chases ${customer.name}, or let it follow the organisation default.`}
      submitLabel="Save"
      initial={customer.workflow_id}
      isPending={update.isPending}
      serverError={serverError}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
