import { type EventBulkJob, type EventBulkRequest, isCustomerBulkJobRunning } from '@receivables/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';
import type { FollowedJobSlot } from '../../../lib/followed-job';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { eventKeys } from './event-keys';

/** How often a running job is asked for its progress. */
const POLL_MS = 1000;

/** Query keys of bulk jobs over emails; outside `eventKeys.all`, so refreshing Activity when one ends does not refetch the job. */
export const eventBulkJobKeys = {
  detail: (id: string) => ['event-bulk-jobs', 'detail', id] as const,
};

/** Which job Activity shows, by its id: state of this tab, not of the server. */
export const followedEventBulkJob: FollowedJobSlot<string> = { queryKey: ['event-bulk-jobs', 'followed'] };

/** Send now or Cancel over the emails chosen on Activity: `POST /api/events/bulk`, a background job (decision 0045). */
export function startEventBulkJob(input: EventBulkRequest): Promise<EventBulkJob> {
  return apiClient.request<EventBulkJob>('/api/events/bulk', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

/** One bulk job over emails, with its progress: `GET /api/events/bulk/{jobId}`. */
export function getEventBulkJob(id: string, signal?: AbortSignal): Promise<EventBulkJob> {
  return apiClient.get<EventBulkJob>(`/api/events/bulk/${encodeURIComponent(id)}`, { signal });
}

/**
 * After a job over emails ended: Activity, the chase calendars, and everything about customers
 * (their timelines, Home's To do and last contact: several customers at once, so one key).
 */
async function refreshAfterEventBulkJob(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    queryClient.invalidateQueries({ queryKey: workflowKeys.calendars }),
    queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  ]);
}

export function useEventBulkJob(id: string) {
  return useQuery(
    queryOptions({
      queryKey: eventBulkJobKeys.detail(id),
      queryFn: async ({ signal, client, queryKey }) => {
        const before = client.getQueryData<EventBulkJob>(queryKey);
        const current = await getEventBulkJob(id, signal);
        // It has just finished: the list re-reads, showing each email as it now stands.
        const hasEnded = before !== undefined && isCustomerBulkJobRunning(before) && !isCustomerBulkJobRunning(current);
        if (hasEnded) await refreshAfterEventBulkJob(client);
        return current;
      },
      refetchInterval: (query) => (query.state.data && isCustomerBulkJobRunning(query.state.data) ? POLL_MS : false),
    }),
  );
}

export function useStartEventBulkJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startEventBulkJob,
    // The answer is the job as accepted: its detail query polls from here on.
    onSuccess: (job) => queryClient.setQueryData(eventBulkJobKeys.detail(job.id), job),
  });
}
