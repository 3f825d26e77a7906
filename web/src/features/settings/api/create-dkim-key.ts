import type { DkimKey, DkimKeyCreate, EmailSettings } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { settingsKeys } from './settings-keys';

/** Generate a DKIM key and get the DNS record to publish: `POST /api/settings/email/dkim`. */
export function createDkimKey(input: DkimKeyCreate): Promise<DkimKey> {
  return apiClient.request<DkimKey>('/api/settings/email/dkim', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

export function useCreateDkimKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDkimKey,
    onSuccess: (dkim) =>
      queryClient.setQueryData<EmailSettings>(settingsKeys.email, (settings) => (settings ? { ...settings, dkim } : settings)),
  });
}
