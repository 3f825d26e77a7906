import { and, eq, sql } from 'drizzle-orm';

import type { DeliverySettings } from '../src/config-slices/delivery';
import { customer, orgMailSettings, orgSettings } from '../src/db/schema';
import { createSecretBox } from '../src/lib/secret-box';
import type { SmtpTimeouts } from '../src/lib/smtp-transport';
import type { SenderDeps, SenderLog } from '../src/modules/delivery/sender-deps';
import { type DkimKeyPair, dkimDnsRecord } from '../src/modules/mail/dkim-key';
import { secretContext } from '../src/modules/mail/mail-config';

import {
  type Db,
  insertContact,
  insertCustomer,
  insertEvent,
  insertInvoice,
  refreshCustomerFigures,
  type SmtpSink,
  testConfig,
  withOrg,
} from './support';

/** A log that keeps every line, to assert on (and that no secret is in it). */
export interface KeptLog extends SenderLog {
  lines: string[];
}

export function keptLog(): KeptLog {
  const lines: string[] = [];
  const keep = (level: string) => (message: string, error?: unknown) => {
    lines.push(`${level} ${message}${error === undefined ? '' : ` ${error instanceof Error ? `${error.message} ${error.stack ?? ''}` : JSON.stringify(error)}`}`);
  };
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

/** The sender's dependencies as the worker builds them, over the test configuration, at the clock `now`. */
export function senderDepsFor(
  db: Db,
  now: () => Date,
  options: { env?: NodeJS.ProcessEnv; delivery?: Partial<DeliverySettings>; log?: SenderLog; timeouts?: Partial<SmtpTimeouts> } = {},
): SenderDeps {
  const config = testConfig(options.env);
  return {
    db,
    now,
    log: options.log ?? keptLog(),
    secrets: createSecretBox(config.secretsKey),
    instanceSmtpUrl: config.mail.smtpUrl,
    timeouts: { connectionMs: 2_000, greetingMs: 2_000, socketMs: 5_000, ...options.timeouts },
    outbound: config.mail.outbound,
    delivery: { ...config.delivery, ...options.delivery },
  };
}

export interface MailSetup {
  sink?: Pick<SmtpSink, 'host' | 'port'>;
  user?: string;
  password?: string;
  dkim?: { domain: string; selector: string; pair: DkimKeyPair };
  from?: { name: string; email: string } | null;
  replyToDomain?: string | null;
  mode?: 'sending' | 'dryrun' | 'disabled';
}

/** Give an organisation its own mail server (the sink), a sender and a DKIM key, as Settings → Email would. */
export async function configureMail(db: Db, orgId: string, setup: MailSetup): Promise<void> {
  const box = createSecretBox(testConfig().secretsKey);
  await withOrg(db, orgId, async (tx) => {
    await tx
      .update(orgSettings)
      .set({
        ...(setup.mode ? { sendingMode: setup.mode } : {}),
        ...(setup.from !== undefined ? { fromName: setup.from?.name ?? null, fromEmail: setup.from?.email ?? null } : {}),
        ...(setup.replyToDomain !== undefined ? { replyToDomain: setup.replyToDomain } : {}),
      })
      .where(eq(orgSettings.orgId, orgId));
    await tx.delete(orgMailSettings).where(eq(orgMailSettings.orgId, orgId));
    if (!setup.sink && !setup.dkim) return;
    await tx.insert(orgMailSettings).values({
      orgId,
      ...(setup.sink
        ? {
          smtpHost: setup.sink.host,
          smtpPort: setup.sink.port,
          smtpSecurity: 'none' as const,
          smtpUsername: setup.user ?? null,
          smtpPasswordSealed: setup.password ? box.seal(setup.password, secretContext(orgId, 'smtp_password')) : null,
        }
        : {}),
      ...(setup.dkim
        ? {
          dkimDomain: setup.dkim.domain,
          dkimSelector: setup.dkim.selector,
          dkimPrivateKeySealed: box.seal(setup.dkim.pair.privateKeyPem, secretContext(orgId, 'dkim_private_key')),
          dkimPublicKey: setup.dkim.pair.publicKeyBase64,
          dkimCreatedAt: new Date(),
        }
        : {}),
    });
  });
}

/** mailauth's DNS resolver for a test: the published DKIM record, nothing else. */
export function dkimResolver(dkim: NonNullable<MailSetup['dkim']>): (name: string) => Promise<string[][]> {
  const record = dkimDnsRecord(dkim.domain, dkim.selector, dkim.pair.publicKeyBase64);
  return (name) => Promise.resolve(name === record.name ? [[record.value]] : []);
}

/**
 * A customer owing since the week before `at`, with a reminder from template `emailId` due at
 * `at` in its current episode, as the scheduler leaves one for the sender.
 */
export async function dueReminder(db: Db, orgId: string, emailId: string, at: Date, email = `ap-${crypto.randomUUID().slice(0, 8)}@payer.example`) {
  const day = (offset: number) => new Date(at.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const c = await insertCustomer(db, orgId, { name: `Payer ${email}` });
  await insertContact(db, orgId, c.id, { role: 'primary', name: 'Pat Payer', email });
  await insertInvoice(db, orgId, c.id, { amountDue: 90_000, issuedOn: day(-40), dueDate: day(-7) });
  await refreshCustomerFigures(db, orgId, { today: day(0), now: new Date(at.getTime() - 3_600_000) });
  const e = await insertEvent(db, orgId, c.id, {
    emailId,
    kind: 'regular_email',
    standing: 'single_missed',
    scheduledFor: at,
    toAddresses: [{ name: 'Pat Payer', email }],
    subject: 'As planned',
    // Planned by the hour's pass before it fell due.
    createdAt: new Date(at.getTime() - 3_600_000),
    history: [{ status: 'pending', at: new Date(at.getTime() - 3_600_000) }],
  });
  // The episode to the microsecond, as the scheduler stores it (a JS Date would cut it to the millisecond).
  await withOrg(db, orgId, (tx) => tx.execute(sql`
    update event e set episode_start = c.standing_since from customer c where c.id = e.customer_id and e.id = ${e.id}`));
  return { eventId: e.id, customerId: c.id, email };
}

/** The customer's `last_chase_at` (Home's and the customer list's "Last contact"), as an ISO instant or null. */
export async function lastContact(db: Db, orgId: string, customerId: string): Promise<string | null> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx.select({ at: customer.lastChaseAt }).from(customer).where(and(eq(customer.orgId, orgId), eq(customer.id, customerId))));
  return row?.at?.toISOString() ?? null;
}
