import type { Letterhead } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';

import { readLetterhead } from './read-letterhead';

/** Settings → Organisation, Letterhead: the company details and logo every email carries (decision 0038). */
export function getLetterhead(deps: { db: Db; orgId: string }): Promise<Letterhead> {
  return withOrg(deps.db, deps.orgId, (tx) => readLetterhead(tx, deps.orgId));
}
