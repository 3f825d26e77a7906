import type { MailServerUpdate } from '@receivables/contracts';

import { domainRule } from '../../errors/domain-errors';
import type { SecretBox } from '../../lib/secret-box';

import { secretContext } from './mail-config';
import type { MailRow } from './read-mail-rows';
import type { SmtpTarget } from './smtp-url';

export type OwnServerInput = Extract<MailServerUpdate, { source: 'organisation' }>;

/**
 * The sealed password an own-server input stands for: a new one sealed, none, or — the password
 * left out — the stored one, but only for the very server it was saved for (same host, port,
 * security and username). Otherwise anyone able to edit the settings could point the server
 * elsewhere and have the saved password sent there (decision 0019).
 */
export function sealedPasswordFor(input: OwnServerInput, stored: MailRow | undefined, orgId: string, secrets: SecretBox): string | null {
  if (input.password === null) return null;
  if (input.password !== undefined) return secrets.seal(input.password, secretContext(orgId, 'smtp_password'));
  const sealed = stored?.smtpPasswordSealed ?? null;
  if (sealed === null) return null;
  const sameServer =
    stored?.smtpHost?.toLowerCase() === input.host.toLowerCase() &&
    stored.smtpPort === input.port &&
    stored.smtpSecurity === input.security &&
    stored.smtpUsername === input.username;
  if (!sameServer) {
    throw domainRule('Enter the password again: a saved password is only used with the server it was saved for', 'password', 'is required when the server or username changes');
  }
  return sealed;
}

/** The input as a target to connect to, its password opened. */
export function targetOf(input: OwnServerInput, sealedPassword: string | null, orgId: string, secrets: SecretBox): SmtpTarget {
  return {
    host: input.host,
    port: input.port,
    security: input.security,
    user: input.username,
    password: sealedPassword === null ? null : secrets.open(sealedPassword, secretContext(orgId, 'smtp_password')),
  };
}
