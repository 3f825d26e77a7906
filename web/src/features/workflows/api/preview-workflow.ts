import type { WorkflowPreview } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';


/**
 * What the workflow would send this customer from now, fully rendered:
 * `POST /api/workflows/{workflowId}/preview/{customerId}/`. A POST that creates nothing, so it is
 * read like a query (cached, retried, refreshed by every workflow write).
 */
export function previewWorkflow(workflowId: string, customerId: string, signal?: AbortSignal): Promise<WorkflowPreview> {
  return apiClient.request<WorkflowPreview>(
    `/api/workflows/${encodeURIComponent(workflowId)}/preview/${encodeURIComponent(customerId)}/`,
    { method: 'POST', signal },
  );
}

export const workflowPreviewQueryOptions = (workflowId: string, customerId: string) =>
  queryOptions({
    queryKey: workflowKeys.preview(workflowId, customerId),
    queryFn: ({ signal }) => previewWorkflow(workflowId, customerId, signal),
  });

export function useWorkflowPreview(workflowId: string, customerId: string | null) {
  return useQuery({ ...workflowPreviewQueryOptions(workflowId, customerId ?? ''), enabled: customerId !== null });
}
