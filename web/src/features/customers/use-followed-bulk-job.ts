import type { CustomerBulkOperation } from '@receivables/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';

import { customerBulkJobKeys } from './api/customer-bulk-job-keys';
import type { BulkActionNames } from './bulk-action-words';

/** A bulk job the customer list shows the progress of: the action as the person chose it, for its words. */
export interface FollowedBulkJob {
  id: string;
  action: CustomerBulkOperation;
  names: BulkActionNames;
}

/**
 * The last job over every match started from the list in this tab, until dismissed. It lives in
 * the query cache, not in the selection toolbar that started it (the selection is spent as the job
 * starts), so it stays while the person pages, filters or leaves and comes back; and it goes with
 * every cached query when they switch organisation.
 */
export function useFollowedBulkJob(): FollowedBulkJob | null {
  const followed = useQuery({
    queryKey: customerBulkJobKeys.followed,
    // Never fetched from anywhere: a refetch (a blanket invalidation) keeps what is set.
    queryFn: ({ client }) => client.getQueryData<FollowedBulkJob | null>(customerBulkJobKeys.followed) ?? null,
    initialData: null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return followed.data;
}

/** Show this job's progress on the list (null: show none). */
export function followBulkJob(queryClient: QueryClient, job: FollowedBulkJob | null): void {
  queryClient.setQueryData<FollowedBulkJob | null>(customerBulkJobKeys.followed, job);
}
