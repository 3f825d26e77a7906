import type { Role } from '@receivables/contracts';

import type { Db, DbOrTx } from '../db/client';

/**
 * Where a use case works, for which organisation, and on whose behalf: what every read and write
 * takes. `db` may be a transaction (an idempotent write runs inside the one that stores its answer).
 */
export interface OrgScope {
  db: DbOrTx;
  orgId: string;
  /** The user making the change; null for system writes (the worker, an import, Stripe). */
  actorId: string | null;
  /** The clock chasing is planned by, for writes that plan it again; the real one unless a test holds it. */
  now?: () => Date;
}

/** A signed-in request's scope (`request.org`): a person, their role, and the pool. */
export interface RequestScope extends OrgScope {
  db: Db;
  actorId: string;
  /** The caller's role in the organisation (decision 0024): the role guard has already checked it for writes. */
  role: Role;
}
