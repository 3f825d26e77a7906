import type { ChaseCalendar } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';

/** The calendar's span: the horizon the scheduler plans within (decision 0018). */
export const CALENDAR_DAYS = 14;

/** The planned emails of the next days per day and workflow: `GET /api/workflows/calendar/`. */
export function getChaseCalendar(days: number, signal?: AbortSignal): Promise<ChaseCalendar> {
  return apiClient.get<ChaseCalendar>('/api/workflows/calendar/', { query: { days }, signal });
}

export const chaseCalendarQueryOptions = (days = CALENDAR_DAYS) =>
  queryOptions({ queryKey: workflowKeys.calendar(days), queryFn: ({ signal }) => getChaseCalendar(days, signal) });

export function useChaseCalendar(days = CALENDAR_DAYS) {
  return useQuery(chaseCalendarQueryOptions(days));
}
