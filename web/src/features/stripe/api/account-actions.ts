import type { Account, AccountList } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { accountKeys } from './account-keys';

/** Sync a connected account again now: `POST /api/accounts/{id}/sync`. */
export function syncAccount(id: string): Promise<Account> {
  return apiClient.request<Account>(`/api/accounts/${id}/sync`, { method: 'POST' });
}

/** Stop syncing an account, keeping what it brought in: `POST /api/accounts/{id}/disconnect`. */
export function disconnectAccount(id: string): Promise<Account> {
  return apiClient.request<Account>(`/api/accounts/${id}/disconnect`, { method: 'POST' });
}

/** Both actions answer the account as it now is: it replaces its row in the list at once. */
function useAccountAction(action: (id: string) => Promise<Account>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (account) => {
      queryClient.setQueryData<AccountList>(accountKeys.all, (list) =>
        list ? { ...list, rows: list.rows.map((row) => (row.id === account.id ? account : row)) } : list,
      );
    },
  });
}

export const useSyncAccount = () => useAccountAction(syncAccount);
export const useDisconnectAccount = () => useAccountAction(disconnectAccount);
