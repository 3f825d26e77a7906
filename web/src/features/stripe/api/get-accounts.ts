import type { Account, AccountList } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { accountKeys } from './account-keys';

/** How often a sync under way is looked at again: often enough for the bar to move. */
export const SYNC_POLL_MS = 1500;

/** Whether an account's sync is waiting or running, so its progress is worth asking for again. */
export const isSyncing = (account: Account): boolean => account.sync.status === 'queued' || account.sync.status === 'running';

/** Connected billing accounts with their sync: `GET /api/accounts/`. */
export function getAccounts(signal?: AbortSignal): Promise<AccountList> {
  return apiClient.get<AccountList>('/api/accounts/', { signal });
}

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.all,
    queryFn: ({ signal }) => getAccounts(signal),
    // While a sync is under way the list is read again, so its bar and counts move on their own.
    refetchInterval: (query) => (query.state.data?.rows.some(isSyncing) ? SYNC_POLL_MS : false),
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
