import type { EmailSettings, SenderSettingsUpdate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { orgSettings } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';

import { replaceInboundRoute } from './inbound-directory';
import type { MailDeps } from './mail-deps';
import { readEmailSettings } from './read-email-settings';
import { readMailRows } from './read-mail-rows';

/** Save who reminders are from; the from address cannot be cleared while the organisation is sending. */
export async function updateSenderSettings(deps: OrgScope, mail: MailDeps, input: SenderSettingsUpdate): Promise<EmailSettings> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { sender } = await readMailRows(tx, deps.orgId, true);
    if (sender.sendingMode === 'sending' && input.from_email === null) {
      throw domainRule('Emails are being sent: they need a from address', 'from_email', 'switch to dry run before removing the from address');
    }
    const values = {
      fromName: input.from_name,
      fromEmail: input.from_email,
      replyToDomain: input.reply_to_domain,
      signature: input.signature,
    };
    await tx
      .insert(orgSettings)
      .values({ orgId: deps.orgId, ...values })
      .onConflictDoUpdate({ target: orgSettings.orgId, set: values });
    // Replies to the new domain find this organisation (decision 0021).
    if (input.reply_to_domain !== sender.replyToDomain) {
      await replaceInboundRoute(tx, deps.orgId, 'domain', input.reply_to_domain?.toLowerCase() ?? null);
    }
    const diff = changedFields(
      { from_name: sender.fromName, from_email: sender.fromEmail, reply_to_domain: sender.replyToDomain, signature: sender.signature },
      { ...input },
    );
    const entry = { action: 'settings.email.sender.update', entity: 'org_settings', entityId: deps.orgId, customerId: null };
    if (diff) await recordAudit(tx, deps, { ...entry, ...diff });
    return readEmailSettings(tx, deps.orgId, mail);
  });
}
