import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';

/** Where a screen keeps the job it follows, and what it keeps of it (`T`: an id, or the action as chosen, for its words). */
export interface FollowedJobSlot<T> {
  queryKey: QueryKey;
  /** Never set: carries `T`, so a slot is only ever read and written as what it holds. */
  readonly holds?: T;
}

/**
 * The background job a screen shows the progress of (a customer bulk action, a bulk send or cancel
 * of emails), until dismissed. It lives in the query cache, not in the toolbar that started it
 * (the selection is spent as the job starts), so it stays while the person pages, filters or
 * leaves and comes back; and it goes with every cached query when they switch organisation.
 */
export function useFollowedJob<T>(slot: FollowedJobSlot<T>): T | null {
  const followed = useQuery({
    queryKey: slot.queryKey,
    // Never fetched from anywhere: a refetch (a blanket invalidation) keeps what is set.
    queryFn: ({ client }): T | null => client.getQueryData<T | null>(slot.queryKey) ?? null,
    initialData: null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return followed.data;
}

/** Show this job's progress (null: show none). */
export function followJob<T>(queryClient: QueryClient, slot: FollowedJobSlot<T>, job: T | null): void {
  queryClient.setQueryData<T | null>(slot.queryKey, job);
}
