import { sql } from 'drizzle-orm';

/**
 * Why chasing has stopped for customer `c`, or null while it goes on (decision 0039): the reason
 * the scheduler recorded, once its time has passed, while the customer still owes in the standing
 * it was planned from (a standing that moved since is planned again by the next pass). The list's
 * column, its filter and Home's count all read this one expression.
 */
export const CHASE_STOPPED_REASON = sql.raw(`case when c.chase_stop_reason is not null and c.chase_stops_at <= now()
    and c.standing in ('single_missed', 'multiple_missed') and c.plan_episode = c.standing_since
  then c.chase_stop_reason end`);
