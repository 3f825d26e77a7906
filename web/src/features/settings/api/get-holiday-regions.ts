import type { HolidayRegion, holidayRegionListSchema } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiClient } from '../../../lib/api-client';

import { settingsKeys } from './settings-keys';

/** Countries and regions whose public holidays the send calendar can skip: `GET /api/settings/holiday-regions`. */
export async function getHolidayRegions(signal?: AbortSignal): Promise<HolidayRegion[]> {
  const answer = await apiClient.get<z.infer<typeof holidayRegionListSchema>>('/api/settings/holiday-regions', { signal });
  return answer.rows;
}

export const holidayRegionsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.holidayRegions,
    queryFn: ({ signal }) => getHolidayRegions(signal),
    // The list ships with the server's holiday library: it does not change while the app is open.
    staleTime: Infinity,
  });

export function useHolidayRegions() {
  return useQuery(holidayRegionsQueryOptions());
}
