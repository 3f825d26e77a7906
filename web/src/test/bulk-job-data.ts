import type { CustomerBulkJob } from '@receivables/contracts';

import { onApi } from './api-handlers';

export const BULK_JOB_ID = '66666666-6666-4666-8666-666666666666';

/** A bulk job over every match as the API answers it, just accepted, with whatever the test needs changed. */
export function bulkJobRecord(overrides: Partial<CustomerBulkJob> = {}): CustomerBulkJob {
  return {
    id: BULK_JOB_ID,
    status: 'running',
    action: { type: 'pause', until: null },
    total: 100_000,
    processed: 0,
    updated: 0,
    error: null,
    created_at: '2026-11-03T10:00:00Z',
    finished_at: null,
    ...overrides,
  };
}

/** `GET /api/customers/bulk/:jobId` answers each of `answers` in turn, then the last one again. */
export function answerBulkJobPolls(answers: CustomerBulkJob[]) {
  let polls = 0;
  return onApi('GET /api/customers/bulk/:jobId', () => answers[Math.min(polls++, answers.length - 1)] ?? bulkJobRecord());
}
