import type { WorkflowListResponse } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';


/** Every workflow of the organisation with its steps in order, the default first: `GET /api/workflows/`. */
export function getWorkflows(signal?: AbortSignal): Promise<WorkflowListResponse> {
  return apiClient.get<WorkflowListResponse>('/api/workflows/', { signal });
}

export const workflowsQueryOptions = () => queryOptions({ queryKey: workflowKeys.list, queryFn: ({ signal }) => getWorkflows(signal) });

export function useWorkflows() {
  return useQuery(workflowsQueryOptions());
}
