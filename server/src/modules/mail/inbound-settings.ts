import type { EmailSettings, InboundSecret, InboundSettingsUpdate } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { inboundRoute, orgSettings } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';

import { rotateInboundSecret } from './inbound-secret';

/** Where forwarding services post raw messages (inbound-webhook.routes.ts). */
export const inboundWebhookUrl = (publicUrl: string): string => `${publicUrl}/api/inbound/email`;

/** Settings → Email's replies section; `db` is scoped to the organisation. */
export async function readInboundSettings(db: DbOrTx, orgId: string, publicUrl: string): Promise<EmailSettings['inbound']> {
  const [settings] = await db.select({ pauseOnReply: orgSettings.pauseOnReply }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  const [secret] = await db
    .select({ createdAt: inboundRoute.createdAt })
    .from(inboundRoute)
    .where(and(eq(inboundRoute.orgId, orgId), eq(inboundRoute.kind, 'webhook_secret')));
  return {
    // An organisation without a settings row has the column's default: on.
    pause_on_reply: settings?.pauseOnReply ?? true,
    webhook_secret_created_at: secret?.createdAt.toISOString() ?? null,
    webhook_url: inboundWebhookUrl(publicUrl),
  };
}

/** Turn pausing on reply on or off. */
export async function updateInboundSettings(deps: OrgScope, input: InboundSettingsUpdate, publicUrl: string): Promise<EmailSettings['inbound']> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const before = await readInboundSettings(tx, deps.orgId, publicUrl);
    await tx
      .insert(orgSettings)
      .values({ orgId: deps.orgId, pauseOnReply: input.pause_on_reply })
      .onConflictDoUpdate({ target: orgSettings.orgId, set: { pauseOnReply: input.pause_on_reply } });
    const diff = changedFields({ pause_on_reply: before.pause_on_reply }, { pause_on_reply: input.pause_on_reply });
    if (diff) await recordAudit(tx, deps, { action: 'settings.email.inbound.update', entity: 'org_settings', entityId: deps.orgId, customerId: null, ...diff });
    return readInboundSettings(tx, deps.orgId, publicUrl);
  });
}

/** A new webhook secret, replacing the old one at once; answered this once (only its hash is kept). */
export async function createInboundSecret(deps: OrgScope, publicUrl: string): Promise<InboundSecret> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const secret = await rotateInboundSecret(tx, deps.orgId);
    await recordAudit(tx, deps, { action: 'settings.email.inbound.secret', entity: 'org_settings', entityId: deps.orgId, customerId: null, before: null, after: { rotated: true } });
    const settings = await readInboundSettings(tx, deps.orgId, publicUrl);
    return { secret, webhook_url: settings.webhook_url, created_at: settings.webhook_secret_created_at ?? new Date().toISOString() };
  });
}
