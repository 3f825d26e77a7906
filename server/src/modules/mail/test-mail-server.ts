import type { MailServerTestResult, MailServerUpdate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { domainRule } from '../../errors/domain-errors';
import { OUTBOUND_REFUSAL, pinnedSmtpTarget } from '../../lib/outbound-address';
import { smtpTargetFromUrl } from '../../lib/smtp-url';
import type { OrgScope } from '../../org/org-scope';

import type { MailDeps } from './mail-deps';
import { sealedPasswordFor, targetOf } from './own-server-input';
import { probeSmtp } from './probe-smtp';
import { readMailRows } from './read-mail-rows';

/** The server's default mail server, as a person is told about it (its address is the installation's business). */
export const INSTANCE_SERVER_LABEL = "the server's default mail server";

/**
 * "Test connection" for the server a form describes, before it is saved: the same rules for the
 * password as saving it. Saves nothing; a refused or unreachable server is an answer (ok: false).
 */
export async function testMailServer(org: Pick<OrgScope, 'db' | 'orgId'>, mail: MailDeps, input: MailServerUpdate): Promise<MailServerTestResult> {
  if (input.source === 'instance') {
    if (mail.instanceSmtpUrl === undefined) throw domainRule('This installation has no default mail server (SMTP_URL)', 'source', 'enter your own mail server');
    return probeSmtp(smtpTargetFromUrl(mail.instanceSmtpUrl), mail.timeouts, INSTANCE_SERVER_LABEL, null);
  }
  // Read, and the password opened, in a short transaction; the conversation itself holds no connection.
  const target = await withOrg(org.db, org.orgId, async (tx) => {
    const { mail: stored } = await readMailRows(tx, org.orgId);
    return targetOf(input, sealedPasswordFor(input, stored, org.orgId, mail.secrets), org.orgId, mail.secrets);
  });
  const label = `${target.host}:${target.port}`;
  // Checked before any connection: a refused address is told as such, at once, with nothing of what
  // listens there (no port timing, no banner), so the test cannot map the server's network.
  const pinned = await pinnedSmtpTarget(target, mail.outbound);
  if (!pinned) return { ok: false, stage: 'connect', message: `${label} ${OUTBOUND_REFUSAL}.`, server_response: null };
  return probeSmtp(pinned, mail.timeouts, label, target.user);
}
