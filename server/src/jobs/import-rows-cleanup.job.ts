/**
 * The stored rows of an import (its cells, the reasons rows were refused) are kept for 30 days
 * after it finished: long enough to download the refused rows and fix them, short enough that a
 * 100,000-row file does not stay in the database for good. The import's summary is kept.
 */
export const IMPORT_ROWS_CLEANUP_JOB = 'imports.cleanup';
export const IMPORT_ROWS_CLEANUP_CRON = '37 3 * * *';
export const IMPORT_ROWS_TTL_DAYS = 30;
