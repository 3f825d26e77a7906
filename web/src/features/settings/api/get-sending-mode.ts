import type { SendingModeState } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { settingsKeys } from './settings-keys';

/** The mode, what sending still needs and the emails due in the next 24 hours: `GET /api/settings/email/sending-mode`. */
export function getSendingMode(signal?: AbortSignal): Promise<SendingModeState> {
  return apiClient.get<SendingModeState>('/api/settings/email/sending-mode', { signal });
}

/** Read afresh each time a confirmation opens: the count is of emails about to go. */
export const sendingModeQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.sendingMode, queryFn: ({ signal }) => getSendingMode(signal), staleTime: 0, gcTime: 0 });

export function useSendingMode() {
  return useQuery(sendingModeQueryOptions());
}
