import type { EmailTemplateListResponse } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';

import { selectEmailTemplates } from './email-template-record';

/** Every template of the organisation, by name, with how many workflow steps use each. */
export async function findEmailTemplates(deps: { db: Db; orgId: string }): Promise<EmailTemplateListResponse> {
  const rows = await withOrg(deps.db, deps.orgId, (tx) => selectEmailTemplates(tx, deps.orgId));
  return { rows, total: rows.length };
}
