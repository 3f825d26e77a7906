/**
 * Stored answers to Idempotency-Key requests are kept for 30 days (decision 0006): far longer
 * than any client retries (Stripe keeps its keys for 24 hours), short enough that the table
 * does not grow without end. A retry after that runs the request again.
 */
export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency.cleanup';
export const IDEMPOTENCY_CLEANUP_CRON = '17 3 * * *';
export const IDEMPOTENCY_KEY_TTL_DAYS = 30;
