import type { ChasingSettings } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { settingsKeys } from './settings-keys';

/** When reminders may go out, and the sending mode: `GET /api/settings/chasing`. */
export function getChasingSettings(signal?: AbortSignal): Promise<ChasingSettings> {
  return apiClient.get<ChasingSettings>('/api/settings/chasing', { signal });
}

export const chasingSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.chasing, queryFn: ({ signal }) => getChasingSettings(signal) });

export function useChasingSettings() {
  return useQuery(chasingSettingsQueryOptions());
}
