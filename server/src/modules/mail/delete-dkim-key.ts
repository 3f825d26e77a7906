import { eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { orgMailSettings } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { readMailRows } from './read-mail-rows';

/** Forget the organisation's DKIM key: mail goes out unsigned. No key is a 404, like any delete of nothing. */
export async function deleteDkimKey(deps: OrgScope): Promise<void> {
  await withOrg(deps.db, deps.orgId, async (tx) => {
    const { mail } = await readMailRows(tx, deps.orgId, true);
    if (!mail?.dkimDomain) throw notFound('DKIM key');
    await tx
      .update(orgMailSettings)
      .set({ dkimDomain: null, dkimSelector: null, dkimPrivateKeySealed: null, dkimPublicKey: null, dkimCreatedAt: null })
      .where(eq(orgMailSettings.orgId, deps.orgId));
    await recordAudit(tx, deps, {
      action: 'settings.email.dkim.delete',
      entity: 'org_mail_settings',
      entityId: deps.orgId,
      customerId: null,
      before: { domain: mail.dkimDomain, selector: mail.dkimSelector },
      after: null,
    });
  });
}
