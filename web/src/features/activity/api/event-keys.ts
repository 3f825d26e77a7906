import type { EventStatus } from '@receivables/contracts';
import type { QueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { workflowKeys } from '../../../app/query-keys/workflow-keys';

/** The API's list parameters as Activity sends them. */
export interface EventListParams {
  tab: 'outbox' | 'inbox' | 'all';
  customer_id?: string;
  status?: EventStatus;
  workflow_id?: string;
  /** Whole days of the organisation's zone, inclusive. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** Query keys of emails; the chase calendar's are the workflows' (app/query-keys/workflow-keys.ts). */
export const eventKeys = {
  all: ['events'] as const,
  list: (params: EventListParams) => ['events', 'list', params] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
};

/** After an email changed (cancelled): Activity, the email, the calendar and the customer's timeline. */
export async function refreshAfterEventChange(queryClient: QueryClient, customerId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    queryClient.invalidateQueries({ queryKey: workflowKeys.calendars }),
    queryClient.invalidateQueries({ queryKey: customerKeys.timeline(customerId) }),
  ]);
}
