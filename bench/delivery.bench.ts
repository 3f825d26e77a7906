// Delivery (decision 0020): emails rendered and delivered per second through the real sender —
// the claim under the customer's lock, the render by the preview's pipeline, the hand-off to an
// SMTP server on loopback (smtp-server, in this process), the mark — against nodemailer alone
// handing the same pre-rendered messages to the same server, over a pooled transport with the
// same options (DKIM-signed alike), with the same concurrency, in the same run. The ratio is what
// the sender adds: claiming, rendering, recording.
//
//   npm run bench -- delivery                         (embedded PostgreSQL, or DATABASE_URL)
//   BENCH_DELIVERY_EMAILS=2000 SEND_CONCURRENCY=8 npm run bench -- delivery
import { performance } from 'node:perf_hooks';

import {
  createTestDatabase,
  insertDueReminders,
  insertOrganization,
  startAdminDatabase,
  startSmtpSink,
  testConfig,
  withOrg,
} from '@receivables/server/testing';
import { eq, sql } from 'drizzle-orm';
import PQueue from 'p-queue';

import { event, orgMailSettings, orgSettings, workflow, workflowAction, emailTemplate } from '../server/src/db/schema';
import { createSecretBox } from '../server/src/lib/secret-box';
import { closeTransports, transportFor } from '../server/src/lib/smtp-transport';
import { sendDueEmails } from '../server/src/modules/delivery/send-due-emails';
import { generateDkimKeyPair } from '../server/src/modules/mail/dkim-key';
import { loadMailConfig, secretContext } from '../server/src/modules/mail/mail-config';
import { createStarterWorkflow } from '../server/src/modules/workflows/create-starter-workflow';

import { machine, recordResults } from './support/results';

const N = Number(process.env.BENCH_DELIVERY_EMAILS ?? 500);
const RUNS = 3;
const config = testConfig({ SEND_CONCURRENCY: process.env.SEND_CONCURRENCY ?? '4', SEND_RATE_PER_MINUTE: '100000' });
const box = createSecretBox(config.secretsKey);
const timeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

const admin = await startAdminDatabase();
const database = await createTestDatabase(admin.adminUrl);
const sink = await startSmtpSink();
const perSecond = (n: number, ms: number): string => `${((n * 1000) / ms).toFixed(0)}/s`;
try {
  const org = await insertOrganization(database.db, { name: 'Delivery Bench Ltd' });
  const dkim = await generateDkimKeyPair();
  const { workflowId, actionId, emailId } = await withOrg(database.db, org.id, async (tx) => {
    await createStarterWorkflow(tx, org.id);
    // Every hour of every day in the window, wherever the clock stands.
    await tx.update(orgSettings).set({
      sendingMode: 'sending',
      fromName: 'Bench Accounts',
      fromEmail: 'accounts@bench.test',
      timezone: new Date().getUTCHours() === 23 ? 'Asia/Tokyo' : 'UTC',
      sendWindow: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' },
    }).where(eq(orgSettings.orgId, org.id));
    await tx.insert(orgMailSettings).values({
      orgId: org.id,
      smtpHost: sink.host,
      smtpPort: sink.port,
      smtpSecurity: 'none',
      dkimDomain: 'bench.test',
      dkimSelector: 'bench',
      dkimPrivateKeySealed: box.seal(dkim.privateKeyPem, secretContext(org.id, 'dkim_private_key')),
      dkimPublicKey: dkim.publicKeyBase64,
      dkimCreatedAt: new Date(),
    });
    const [template] = await tx.select({ id: emailTemplate.id }).from(emailTemplate).where(eq(emailTemplate.name, 'Friendly reminder'));
    const [wf] = await tx.select({ id: workflow.id }).from(workflow).where(eq(workflow.isDefault, true));
    const [action] = await tx.select({ id: workflowAction.id }).from(workflowAction).where(eq(workflowAction.workflowId, wf?.id ?? ''));
    return { workflowId: wf?.id ?? '', actionId: action?.id ?? '', emailId: template?.id ?? '' };
  });
  await insertDueReminders(database.db, org.id, { count: N, workflowId, actionId, emailId });
  await database.pool.query('analyze');
  const mail = await withOrg(database.db, org.id, (tx) => loadMailConfig(tx, org.id, undefined, box));
  if (!mail.smtp) throw new Error('no server');
  const transport = transportFor(mail.smtp, mail.dkim, timeouts);
  const log = { info: () => undefined, warn: console.warn, error: console.error };
  const deps = { db: database.db, now: () => new Date(), log, secrets: box, instanceSmtpUrl: undefined, timeouts,
    outbound: config.mail.outbound, delivery: config.delivery };

  console.log(`${N} due emails, SEND_CONCURRENCY=${config.delivery.concurrency}, DKIM-signed, to smtp-server on loopback\n`);
  console.log(`${'run'.padEnd(4)} ${'sender'.padStart(10)} ${'rate'.padStart(8)} ${'nodemailer'.padStart(11)} ${'rate'.padStart(8)} ${'ratio'.padStart(6)}`);
  const ratios: number[] = [];
  const runs: { sender_ms: number; sender_per_second: number; nodemailer_ms: number; nodemailer_per_second: number; ratio: number }[] = [];
  const rate = (ms: number) => Math.round((N * 1000) / ms);
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  for (let run = 1; run <= RUNS; run++) {
    // The sender: claim, render, hand off, mark, as the worker's pass does.
    const before = sink.messages.length;
    const ts = performance.now();
    const summary = await sendDueEmails(deps, { orgId: org.id });
    const senderMs = performance.now() - ts;
    if (summary.sent !== N || sink.messages.length - before !== N) throw new Error(`the sender sent ${summary.sent} of ${N}`);

    // The baseline: the same messages, already rendered, straight to nodemailer with the same concurrency.
    const sent = await withOrg(database.db, org.id, (tx) =>
      tx.select({ subject: event.subject, html: event.html, text: event.text, to: event.toAddresses, from: event.fromAddress })
        .from(event));
    const queue = new PQueue({ concurrency: config.delivery.concurrency });
    const tn = performance.now();
    await queue.addAll(sent.map((m) => () => transport.sendMail({
      from: m.from ?? '',
      to: m.to.map((r) => r.email),
      subject: m.subject ?? '',
      html: m.html ?? '',
      text: m.text ?? '',
      messageId: `<${crypto.randomUUID()}@bench.test>`,
    })));
    const nodemailerMs = performance.now() - tn;
    if (sink.messages.length - before !== 2 * N) throw new Error('nodemailer lost messages');

    const ratio = senderMs / nodemailerMs;
    ratios.push(ratio);
    runs.push({
      sender_ms: Math.round(senderMs),
      sender_per_second: rate(senderMs),
      nodemailer_ms: Math.round(nodemailerMs),
      nodemailer_per_second: rate(nodemailerMs),
      ratio: round(ratio, 2),
    });
    const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `${String(run).padEnd(4)} ${secs(senderMs).padStart(10)} ${perSecond(N, senderMs).padStart(8)} ` +
      `${secs(nodemailerMs).padStart(11)} ${perSecond(N, nodemailerMs).padStart(8)} ${ratio.toFixed(1).padStart(6)}`,
    );
    // Due again for the next run.
    await withOrg(database.db, org.id, (tx) => tx.execute(sql`
      update event set status = 'pending', claimed_at = null, lease_until = null, attempts = 0, message_id = null, sent_at = null
      where org_id = ${org.id}`));
    sink.messages.length = 0;
  }
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(RUNS / 2)] ?? Number.NaN;
  console.log(`\nsender / nodemailer (median of ${RUNS}): ${median.toFixed(1)}× — what claiming, rendering and recording add to the hand-off`);
  const version = (await database.db.execute<{ v: string }>(sql`select current_setting('server_version') as v`)).rows[0]?.v ?? 'unknown';
  recordResults('delivery', {
    emails: N,
    send_concurrency: config.delivery.concurrency,
    machine: machine(version),
    runs,
    ratio_median: round(median, 2),
  });
} finally {
  closeTransports();
  await sink.close();
  await database.drop();
  await admin.stop();
}
