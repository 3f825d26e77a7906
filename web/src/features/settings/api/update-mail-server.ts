import type { EmailSettings, MailServerUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { settingsKeys } from './settings-keys';

/**
 * Choose the mail server: `PUT /api/settings/email/mail-server`. No Idempotency-Key: the body may
 * hold a password (decision 0019), and putting the same server twice changes nothing.
 */
export function updateMailServer(input: MailServerUpdate): Promise<EmailSettings> {
  return apiClient.request<EmailSettings>('/api/settings/email/mail-server', { method: 'PUT', body: input });
}

export function useUpdateMailServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailServer,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.email, settings),
  });
}
