import type { CustomerDetail, CustomerUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applyCustomerWrite } from '../../../app/query-keys/customer-keys';
import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';


/** Change name, currency or workflow: `PUT /api/customers/{id}/`. */
export function updateCustomer(id: string, input: CustomerUpdate): Promise<CustomerDetail> {
  return apiClient.request<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}/`, {
    method: 'PUT',
    body: input,
    headers: idempotencyHeaders(),
  });
}

export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerUpdate) => updateCustomer(id, input),
    onSuccess: (customer, input) =>
      Promise.all([
        applyCustomerWrite(queryClient, customer),
        // The Workflows screen counts the customers that chose each workflow.
        input.workflow_id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: workflowKeys.list }),
      ]),
  });
}
