/**
 * How a module asks for an organisation's chasing to be reconciled in the background, after a
 * change that can move many customers' plans at once (a workflow edited, disabled or deleted, the
 * default changed, the chasing settings saved). The module owns this port; the job layer
 * implements it (jobs/chasing-schedule.job.ts). Call it once the change is committed; repeating it
 * is harmless (the pass is idempotent and the queue keeps one waiting pass per organisation).
 */
export interface SchedulingQueue {
  scheduleOrganisation(orgId: string): Promise<void>;
}

/**
 * For a route: once its write has answered (committed), ask for the organisation's pass, then
 * pass the answer on. `write.then(thenSchedule(queue, orgId))`.
 */
export function thenSchedule(queue: SchedulingQueue, orgId: string): <T>(answer: T) => Promise<T> {
  return async (answer) => {
    await queue.scheduleOrganisation(orgId);
    return answer;
  };
}
