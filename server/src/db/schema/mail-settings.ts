import { sql } from 'drizzle-orm';
import { check, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';

/** How the connection to an SMTP server is secured: TLS from the start, STARTTLS, or not at all. */
export const smtpSecurityEnum = pgEnum('smtp_security', ['tls', 'starttls', 'none']);

/**
 * An organisation's own mail server and DKIM key (decision 0019), one row per organisation, kept
 * apart from org_settings so the many readers of those settings never load a secret. Secrets are
 * stored sealed by lib/secret-box.ts (AES-256-GCM, bound to the organisation and the column).
 */
export const orgMailSettings = pgTable(
  'org_mail_settings',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    /** Null: no server of its own (the instance's SMTP_URL, if any, is used). */
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecurity: smtpSecurityEnum('smtp_security'),
    smtpUsername: text('smtp_username'),
    smtpPasswordSealed: text('smtp_password_sealed'),
    /** The DKIM signing domain (d=) and selector (s=); the public half is kept in clear for the DNS record. */
    dkimDomain: text('dkim_domain'),
    dkimSelector: text('dkim_selector'),
    dkimPrivateKeySealed: text('dkim_private_key_sealed'),
    dkimPublicKey: text('dkim_public_key'),
    dkimCreatedAt: timestamp('dkim_created_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('org_mail_settings_org_uidx').on(t.orgId),
    check('org_mail_settings_smtp_port_range', sql`${t.smtpPort} between 1 and 65535`),
    // A server is its host, port and security together, or none of them.
    check(
      'org_mail_settings_smtp_complete',
      sql`(${t.smtpHost} is null) = (${t.smtpPort} is null) and (${t.smtpHost} is null) = (${t.smtpSecurity} is null)`,
    ),
    check(
      'org_mail_settings_dkim_complete',
      sql`(${t.dkimDomain} is null) = (${t.dkimSelector} is null) and (${t.dkimDomain} is null) = (${t.dkimPrivateKeySealed} is null) and (${t.dkimDomain} is null) = (${t.dkimPublicKey} is null) and (${t.dkimDomain} is null) = (${t.dkimCreatedAt} is null)`,
    ),
  ],
);
