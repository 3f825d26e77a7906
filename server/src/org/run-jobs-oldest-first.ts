/**
 * Run every running bulk job of one organisation, oldest first, until none is left (decision
 * 0008): one organisation's jobs run one after another in the order they were accepted, so "pause
 * every match" then "resume every match" ends resumed. `nextRunning` reads the oldest job still
 * running; `run` runs one to its end. Returns how many it ran.
 */
export async function runJobsOldestFirst(
  nextRunning: () => Promise<string | undefined>,
  run: (jobId: string) => Promise<void>,
): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const next = await nextRunning();
    // A job still running after its run was stopped by someone else (another worker holding it);
    // leave it to that worker rather than spin on it.
    if (next === undefined || done.has(next)) return done.size;
    done.add(next);
    await run(next);
  }
}
