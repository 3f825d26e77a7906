import type { QueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';

import { eventKeys } from './event-keys';

/** The unassigned inbox's page, as the API takes it. */
export interface UnassignedParams {
  limit: number;
  offset: number;
}

/** Query keys of received mail that is not (only) an email of Activity: the counts and the unassigned inbox. */
export const inboundKeys = {
  all: ['inbound'] as const,
  counts: ['inbound', 'counts'] as const,
  unassigned: (params: UnassignedParams) => ['inbound', 'unassigned', params] as const,
  copy: (id: string) => ['inbound', 'copy', id] as const,
};

/** Activity's lists, not an email's page: a page being read is updated from the answer instead. */
const isEventList = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'detail';

/** After a received email was opened: the unread counts and Activity's bold rows. */
export async function refreshAfterRead(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: inboundKeys.counts }),
    queryClient.invalidateQueries({ queryKey: eventKeys.all, predicate: isEventList }),
  ]);
}

/**
 * After a received email joined a customer or was acted on: the counts and the unassigned inbox,
 * Activity, and the customer (its standing, contacts, timeline and plan: a pause or a new contact
 * changes what is sent next), and every list of customers.
 */
export async function refreshAfterInboundChange(queryClient: QueryClient, customerId: string | null): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: inboundKeys.all }),
    queryClient.invalidateQueries({ queryKey: eventKeys.all, predicate: isEventList }),
    queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
    customerId ? queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) }) : undefined,
  ]);
}
