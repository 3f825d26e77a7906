import type { SendingMode, SendingModeState } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { orgSettings } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import type { MailDeps } from './mail-deps';
import { missingForSending, readSendingModeState } from './read-email-settings';
import { readMailRows } from './read-mail-rows';

const MISSING_WORDS = { mail_server: 'a mail server', from_email: 'a from address' } as const;

/**
 * Switch the sending mode (docs/domain.md#events-and-sending). `sending` is refused until there is
 * a mail server (the organisation's or the installation's) and a from address; the others always
 * may be chosen. The caller asks for the organisation's scheduling pass once this is committed.
 */
export async function updateSendingMode(deps: OrgScope, mail: MailDeps, mode: SendingMode): Promise<SendingModeState> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const rows = await readMailRows(tx, deps.orgId, true);
    if (mode === 'sending') {
      const missing = missingForSending(rows, mail.instanceSmtpUrl);
      if (missing.length > 0) {
        const words = missing.map((m) => MISSING_WORDS[m]).join(' and ');
        throw domainRule(`Emails cannot be sent yet: set up ${words} first`, 'sending_mode', `needs ${words}`);
      }
    }
    const before = rows.sender.sendingMode;
    if (before !== mode) {
      await tx
        .insert(orgSettings)
        .values({ orgId: deps.orgId, sendingMode: mode })
        .onConflictDoUpdate({ target: orgSettings.orgId, set: { sendingMode: mode } });
      await recordAudit(tx, deps, {
        action: 'settings.email.sending_mode.update',
        entity: 'org_settings',
        entityId: deps.orgId,
        customerId: null,
        before: { sending_mode: before },
        after: { sending_mode: mode },
      });
    }
    return readSendingModeState(tx, deps.orgId, mail);
  });
}
