import { eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { orgMailSettings, orgSettings } from '../../db/schema';

/**
 * Whether an organisation can send by hand now, read without opening any secret (an email's
 * detail asks it for `can_execute`): its mode, and why mail cannot leave when it cannot — the
 * same rule as notConfiguredReason on a loaded configuration.
 */
export async function readSendingReadiness(
  tx: Tx,
  orgId: string,
  instanceSmtpUrl: string | undefined,
): Promise<{ mode: 'sending' | 'dryrun' | 'disabled'; blocked: string | null }> {
  const [settings] = await tx
    .select({ mode: orgSettings.sendingMode, fromEmail: orgSettings.fromEmail })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  const [own] = await tx.select({ host: orgMailSettings.smtpHost }).from(orgMailSettings).where(eq(orgMailSettings.orgId, orgId));
  const mode = settings?.mode ?? 'dryrun';
  const hasServer = Boolean(own?.host) || Boolean(instanceSmtpUrl);
  const hasFrom = Boolean(settings?.fromEmail);
  if (mode === 'disabled') return { mode, blocked: 'Sending is disabled for the organisation' };
  if (!hasServer || !hasFrom) return { mode, blocked: 'No mail server or from address is configured' };
  return { mode, blocked: null };
}
