import type { EmailSettings, MailServerUpdate } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { orgMailSettings } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';

import type { MailDeps } from './mail-deps';
import { sealedPasswordFor } from './own-server-input';
import { readEmailSettings } from './read-email-settings';
import { type MailRow, readMailRows } from './read-mail-rows';

const NO_SERVER = { smtpHost: null, smtpPort: null, smtpSecurity: null, smtpUsername: null, smtpPasswordSealed: null };

/** Use the organisation's own mail server, or the installation's default; the password is sealed, never echoed or audited. */
export async function updateMailServer(deps: OrgScope, mail: MailDeps, input: MailServerUpdate): Promise<EmailSettings> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const rows = await readMailRows(tx, deps.orgId, true);
    if (input.source === 'instance' && rows.sender.sendingMode === 'sending' && mail.instanceSmtpUrl === undefined) {
      throw domainRule(
        'Emails are being sent: they need a mail server, and this installation has no default one',
        'source',
        'switch to dry run before removing the mail server',
      );
    }
    const values =
      input.source === 'instance'
        ? NO_SERVER
        : {
          smtpHost: input.host,
          smtpPort: input.port,
          smtpSecurity: input.security,
          smtpUsername: input.username,
          smtpPasswordSealed: sealedPasswordFor(input, rows.mail, deps.orgId, mail.secrets),
        };
    await tx
      .insert(orgMailSettings)
      .values({ orgId: deps.orgId, ...values })
      .onConflictDoUpdate({ target: orgMailSettings.orgId, set: values });
    const [after] = await tx.select().from(orgMailSettings).where(eq(orgMailSettings.orgId, deps.orgId));
    // A new password shows as `set` → `replaced`: a change is told apart without telling the password.
    const [old, now] = [rows.mail?.smtpPasswordSealed, after?.smtpPasswordSealed];
    const replaced = Boolean(old && now && old !== now);
    const diff = changedFields(audited(rows.mail, 'set'), audited(after, replaced ? 'replaced' : 'set'));
    const entry = { action: 'settings.email.mail_server.update', entity: 'org_mail_settings', entityId: deps.orgId, customerId: null };
    if (diff) await recordAudit(tx, deps, { ...entry, ...diff });
    return readEmailSettings(tx, deps.orgId, mail);
  });
}

/** What the audit log keeps of a server: whether a password is set, never the password. */
function audited(row: MailRow | undefined, passwordWord: 'set' | 'replaced') {
  return {
    host: row?.smtpHost ?? null,
    port: row?.smtpPort ?? null,
    security: row?.smtpSecurity ?? null,
    username: row?.smtpUsername ?? null,
    password: row?.smtpPasswordSealed ? passwordWord : null,
  };
}
