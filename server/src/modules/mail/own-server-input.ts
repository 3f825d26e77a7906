import type { MailServerUpdate } from '@receivables/contracts';

import { domainRule } from '../../errors/domain-errors';
import { type SecretBox, SecretBoxError } from '../../lib/secret-box';
import type { SmtpTarget } from '../../lib/smtp-url';

import { secretContext } from './mail-config';
import type { MailRow } from './read-mail-rows';

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
    password: sealedPassword === null ? null : openPassword(sealedPassword, orgId, secrets),
  };
}

function openPassword(sealed: string, orgId: string, secrets: SecretBox): string {
  try {
    return secrets.open(sealed, secretContext(orgId, 'smtp_password'));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    // The key changed (SECRETS_KEY lost or replaced): the person can only type the password again.
    throw domainRule('The saved password can no longer be read (the server\'s secrets key has changed): enter it again', 'password', 'enter the password again');
  }
}
