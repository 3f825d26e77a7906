import { asciiHostName, type DkimKey, type DkimKeyCreate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { orgMailSettings } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { generateDkimKeyPair } from './dkim-key';
import { secretContext } from './mail-config';
import type { MailDeps } from './mail-deps';
import { readEmailSettings } from './read-email-settings';
import { readMailRows } from './read-mail-rows';

/**
 * Generate the organisation's DKIM key for a domain and selector, replacing any earlier one; the
 * private key is sealed at once and never leaves. Answers the DNS record to publish.
 */
export async function createDkimKey(deps: OrgScope, mail: MailDeps, input: DkimKeyCreate): Promise<DkimKey> {
  // Generated before the transaction: tens of milliseconds of CPU that need no lock.
  const pair = await generateDkimKeyPair();
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { mail: before } = await readMailRows(tx, deps.orgId, true);
    const values = {
      // DNS and the d= tag want the ASCII form of an internationalised domain.
      dkimDomain: asciiHostName(input.domain) ?? input.domain.toLowerCase(),
      dkimSelector: input.selector,
      dkimPrivateKeySealed: mail.secrets.seal(pair.privateKeyPem, secretContext(deps.orgId, 'dkim_private_key')),
      dkimPublicKey: pair.publicKeyBase64,
      dkimCreatedAt: mail.now(),
    };
    await tx
      .insert(orgMailSettings)
      .values({ orgId: deps.orgId, ...values })
      .onConflictDoUpdate({ target: orgMailSettings.orgId, set: values });
    await recordAudit(tx, deps, {
      action: 'settings.email.dkim.create',
      entity: 'org_mail_settings',
      entityId: deps.orgId,
      customerId: null,
      before: before?.dkimDomain ? { domain: before.dkimDomain, selector: before.dkimSelector } : null,
      after: { domain: values.dkimDomain, selector: values.dkimSelector },
    });
    const { dkim } = await readEmailSettings(tx, deps.orgId, mail);
    if (!dkim) throw new Error('the DKIM key just saved cannot be read back');
    return dkim;
  });
}
