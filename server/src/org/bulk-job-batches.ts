/** PostgreSQL errors a batch is simply run again after: a deadlock, a serialisation failure, a row deleted under it. */
const RETRYABLE = new Set(['40P01', '40001', '23503']);
const BATCH_ATTEMPTS = 3;

/** Which job of which organisation a run is about. */
export interface BulkJobRef {
  orgId: string;
  jobId: string;
}

/**
 * Run a background bulk job's batches until `nextBatch` answers false (decisions 0008 and 0045):
 * each batch is one transaction that advances the job's counters, so a batch that failed on a
 * deadlock or a row deleted under it is simply run again, up to three times. Anything else, or a
 * fourth failure, is thrown for the caller to fail the job with.
 */
export async function runBatchesRetrying(nextBatch: () => Promise<boolean>): Promise<void> {
  while (await retrying(nextBatch));
}

async function retrying(nextBatch: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await nextBatch();
    } catch (error) {
      const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
      if (attempt >= BATCH_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}
