import type { EmailSettings } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { settingsKeys } from './settings-keys';

/** Forget the DKIM key: `DELETE /api/settings/email/dkim` (204). */
export async function deleteDkimKey(): Promise<void> {
  await apiClient.request<null>('/api/settings/email/dkim', { method: 'DELETE' });
}

export function useDeleteDkimKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDkimKey,
    onSuccess: () =>
      queryClient.setQueryData<EmailSettings>(settingsKeys.email, (settings) => (settings ? { ...settings, dkim: null } : settings)),
  });
}
