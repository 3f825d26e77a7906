import type { EmailSettings } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { settingsKeys } from './settings-keys';

/** Who reminders are from, the mail server, the DKIM key and the sending mode: `GET /api/settings/email`. */
export function getEmailSettings(signal?: AbortSignal): Promise<EmailSettings> {
  return apiClient.get<EmailSettings>('/api/settings/email', { signal });
}

export const emailSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.email, queryFn: ({ signal }) => getEmailSettings(signal) });

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}
