import type { CustomerBulkOperation } from '@receivables/contracts';
import type { QueryClient } from '@tanstack/react-query';

import { followJob, type FollowedJobSlot, useFollowedJob } from '../../lib/followed-job';

import { customerBulkJobKeys } from './api/customer-bulk-job-keys';
import type { BulkActionNames } from './bulk-action-words';

/** A bulk job the customer list shows the progress of: the action as the person chose it, for its words. */
export interface FollowedBulkJob {
  id: string;
  action: CustomerBulkOperation;
  names: BulkActionNames;
}

const FOLLOWED: FollowedJobSlot<FollowedBulkJob> = { queryKey: customerBulkJobKeys.followed };

/** The last job over every match started from the list in this tab, until dismissed. */
export function useFollowedBulkJob(): FollowedBulkJob | null {
  return useFollowedJob(FOLLOWED);
}

/** Show this job's progress on the list (null: show none). */
export function followBulkJob(queryClient: QueryClient, job: FollowedBulkJob | null): void {
  followJob(queryClient, FOLLOWED, job);
}
