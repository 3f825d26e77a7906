/**
 * How much the suite does. `npm test` runs the fast subset (every route × caller, a few spellings
 * of each forbidden better-auth endpoint, a small fuzz run); `npm run test:resilience` sets
 * RESILIENCE=full for every spelling, a long fuzz run and a minute of mixed load.
 */
export const FULL = process.env.RESILIENCE === 'full';

export const SETTINGS = {
  /** Cases fast-check draws per route (each a path, a query and a body together), after the route's edge cases. */
  fuzzRunsPerRoute: FULL ? 120 : 3,
  /** Seconds of mixed load (RESILIENCE_LOAD_SECONDS to change it), and how many requests are in flight at once. */
  loadSeconds: Number(process.env.RESILIENCE_LOAD_SECONDS) || 60,
  loadConcurrency: 20,
  /** A request unanswered after this long is a hang. */
  requestTimeoutMs: 20_000,
  /** The base of every fast-check seed; FC_SEED=<n> replays a run. */
  seed: Number(process.env.FC_SEED) || Math.floor(Math.random() * 2 ** 31),
} as const;
