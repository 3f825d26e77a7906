import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { REPO_ROOT } from '../src/config';
import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';

import { configureMail, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertDueReminders, type SmtpSink, startSmtpSink, type TestDatabase, testConfig, withOrg } from './support';
import { readMail } from './support/mime-parts';

// `npm test` runs a small batch that still kills workers mid-send; `npm run test:faults` runs the
// full sizes (500 emails and 10 kills, then 2,000 and 30) through CRASH_EMAILS and CRASH_KILLS.
const EMAILS = Number(process.env.CRASH_EMAILS ?? 150);
const KILLS = Number(process.env.CRASH_KILLS ?? 4);
// Long enough for a batch to be rendered and wait its turn with a hand-off's 2.5 s (the timeouts
// below) to spare, even on a loaded machine. The final sweep is run at a clock past it, not waited for.
const LEASE_SECONDS = 30;
/**
 * How long the server takes over each message. It paces the batch — three workers of three pooled
 * connections take 500 emails in about 15 s, while the kills come every second or so — and a
 * worker spends much of its time with emails claimed and not yet marked, as against a real server:
 * the moment a kill must catch.
 */
const SERVER_MS = 250;
/** The sweep's words on an email whose claim ran out with no outcome: its worker died holding it. */
const SWEPT = "The sender stopped before the mail server's answer was recorded";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let tdb: TestDatabase;
let sink: SmtpSink;
let orgId: string;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  sink = await startSmtpSink({ onMessage: () => sleep(SERVER_MS).then(() => undefined) });
  // Every hour of every day is in the window, wherever the clock stands when the test runs.
  const zone = new Date().getUTCHours() === 23 ? 'Asia/Tokyo' : 'UTC';
  const org = await chasingOrganisation(tdb.db, { timezone: zone, sendWindow: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' } });
  orgId = org.id;
  await configureMail(tdb.db, orgId, { sink, from: { name: 'Crash Test', email: 'crash@acme.test' }, mode: 'sending' });
  const wf = await insertWorkflow(tdb.db, orgId, [{ standing: 'single_missed', delay: 0, emailId: org.templates.get('Friendly reminder') ?? '' }], { isDefault: true });
  await insertDueReminders(tdb.db, orgId, { count: EMAILS, workflowId: wf.id, actionId: wf.actions[0] ?? '', emailId: org.templates.get('Friendly reminder') ?? '' });
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await tdb.drop();
});

interface Worker {
  child: ChildProcess;
  /** Emails it left unsent because their lease ran short: unknown, but not because of a kill. */
  lapsed: Set<string>;
  ready: Promise<void>;
  /** Whether it has started (its first pass under way): only those are worth killing. */
  isReady: () => boolean;
  exited: Promise<number | null>;
}

function startWorker(): Worker {
  const config = testConfig();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, 'server/test/support/sender-process.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: tdb.url,
      // The sink is on loopback, set as the organisation's own server: allowed as in every test (decision 0032).
      SMTP_ALLOWED_HOSTS: config.mail.outbound.allowed.join(','),
      SECRETS_KEY: config.secretsKey.toString('base64'),
      BETTER_AUTH_SECRET: config.authSecret,
      DATA_DIR: config.dataDir,
      SEND_LEASE_SECONDS: String(LEASE_SECONDS),
      SEND_CONCURRENCY: '4',
      // The most there is: the rate (per organisation per minute) never holds the batch back. What makes
      // it last through the kills is the rendering and the server's SERVER_MS; the test shows the kills
      // caught emails claimed and not yet marked.
      SEND_RATE_PER_MINUTE: '100000',
      SMTP_CONNECTION_TIMEOUT_MS: '500',
      SMTP_GREETING_TIMEOUT_MS: '500',
      SMTP_SOCKET_TIMEOUT_MS: '1500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let isReady = false;
  const lapsed = new Set<string>();
  let pending = '';
  const ready = new Promise<void>((resolveReady, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const unsent = /^warn sender: email (\S+) not handed over/.exec(line);
        if (unsent?.[1]) lapsed.add(unsent[1]);
        if (line !== 'ready') continue;
        isReady = true;
        resolveReady();
      }
    });
    child.on('exit', () => reject(new Error(`worker exited before it was ready: ${stderr}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return { child, lapsed, ready, isReady: () => isReady, exited };
}

/** The emails claimed (since `since`, when given) and not yet marked at this instant, whichever worker holds them. */
async function claimedWithoutOutcome(since = new Date(0)): Promise<string[]> {
  const rows = await withOrg(tdb.db, orgId, (tx) => tx.execute<{ id: string }>(sql`
    select id from event where org_id = ${orgId} and status = 'pending' and claimed_at > ${since.toISOString()}::timestamptz`));
  return rows.rows.map((r) => r.id);
}

/** Whether any email is still waiting to be claimed: the batch is not over. */
async function isBatchGoing(): Promise<boolean> {
  const rows = await withOrg(tdb.db, orgId, (tx) => tx.execute<{ n: number }>(sql`
    select count(*)::int as n from event where org_id = ${orgId} and status = 'pending' and claimed_at is null`));
  return (rows.rows[0]?.n ?? 0) > 0;
}

describe('crash test: workers SIGKILLed at random moments while sending a batch', () => {
  // About a minute on an idle two-core machine; far longer when it is shared.
  it(`never delivers an email twice and leaves every one sent, failed or unknown (${EMAILS} emails, ${KILLS} kills)`, { timeout: 600_000 }, async () => {
    // Three workers share the batch (as three processes of a deployment would); every so often one
    // of them is killed mid-flight and a new one started in its place.
    const workers: Worker[] = [startWorker(), startWorker(), startWorker()];
    await Promise.all(workers.map((w) => w.ready));
    const sending = () => workers.filter((w) => w.isReady() && w.child.exitCode === null && w.child.signalCode === null);
    const kills: number[] = [];
    const killedAt: number[] = [];
    /** At each kill, just after the victim died: the emails claimed and not yet marked, by anyone. */
    const inFlight: string[][] = [];
    let lastKill = new Date(0);
    for (let i = 0; i < KILLS; i++) {
      // A kill is aimed at a batch on its way: once emails claimed since the last kill are in flight
      // (a worker starting up on a loaded machine sends nothing for seconds, and a kill then would
      // prove nothing), at a random moment soon after, the longest-running worker is killed.
      while ((await claimedWithoutOutcome(lastKill)).length === 0 && (await isBatchGoing())) await sleep(20);
      const after = Math.floor(Math.random() * 300);
      await sleep(after);
      const victim = sending()[0];
      if (!victim) break;
      victim.child.kill('SIGKILL');
      await victim.exited;
      kills.push(after);
      killedAt.push(Date.now());
      lastKill = new Date();
      inFlight.push(await claimedWithoutOutcome());
      workers.push(startWorker());
    }
    // The last ones finish the batch and stop when nothing is left to claim.
    const codes = await Promise.all(workers.filter((w) => w.child.signalCode === null).map((w) => w.exited));
    expect(codes.every((c) => c === 0)).toBe(true);
    // The claims the killed workers left run out and the sweep calls them unknown (at a clock past
    // the lease rather than after waiting it out: every worker has stopped).
    await sendDueEmails(senderDepsFor(tdb.db, () => new Date(Date.now() + LEASE_SECONDS * 1000 + 1000)), { orgId });

    const events = await readEvents(tdb.db, orgId);
    const byStatus = (status: string) => events.filter((e) => e.status === status);
    const arrivals = new Map<string, number>();
    for (const m of sink.messages) {
      const id = readMail(m.raw).headers.get('message-id') ?? '';
      arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
    }
    const twice = [...arrivals].filter(([, n]) => n > 1);
    const unknownArrived = byStatus('unknown').filter((e) => arrivals.has(e.messageId ?? ''));
    // What each kill caught mid-send: emails in flight at that kill that nobody ever marked — the sweep
    // called them unknown — not left unsent by a live worker whose lease ran short, each counted at the
    // first kill it was seen at. Only a killed worker can have held those.
    const lapsed = new Set(workers.flatMap((w) => [...w.lapsed]));
    const swept = new Set(byStatus('unknown').filter((e) => e.error === SWEPT && !lapsed.has(e.id)).map((e) => e.id));
    const seen = new Set<string>();
    const caught = inFlight.map((ids) => {
      const victims = ids.filter((id) => swept.has(id) && !seen.has(id));
      ids.forEach((id) => seen.add(id));
      return victims.length;
    });
    const lastSent = Math.max(...byStatus('success').map((e) => Date.parse(e.sentAt ?? '')));
    const midBatch = killedAt.filter((at) => at < lastSent).length;
    console.log(
      `crash test: ${EMAILS} emails, ${kills.length} SIGKILLs (after ${kills.join(', ')} ms) — ` +
      `${midBatch} before the last email was sent, in flight at each kill ${inFlight.map((ids, i) => `${ids.length}/${caught[i] ?? 0}`).join(', ')} (all workers'/the victim's) — ` +
      `${byStatus('success').length} success, ${byStatus('failure').length} failure, ${byStatus('unknown').length} unknown ` +
      `(${unknownArrived.length} of them did arrive, ${lapsed.size} not handed over for want of lease), ${byStatus('pending').length} pending; ` +
      `${sink.messages.length} messages at the server, ${arrivals.size} distinct, ${twice.length} twice`,
    );
    expect(kills).toHaveLength(KILLS);
    // The kills landed mid-send: at least one worker died holding emails it had claimed and not marked.
    expect(caught.some((n) => n > 0), `in flight at the kills: ${JSON.stringify(caught)}`).toBe(true);
    expect(twice).toEqual([]);
    expect(events).toHaveLength(EMAILS);
    expect(byStatus('pending')).toEqual([]);
    expect(events.filter((e) => !['success', 'failure', 'unknown'].includes(e.status))).toEqual([]);
    // Each success arrived exactly once; nothing arrived that is not a success or an unknown.
    for (const e of byStatus('success')) expect(arrivals.get(e.messageId ?? '')).toBe(1);
    const known = new Set(events.filter((e) => e.status !== 'failure').map((e) => e.messageId));
    expect([...arrivals.keys()].filter((id) => !known.has(id))).toEqual([]);
    // Unknown ones are never sent again on their own: another pass sends nothing.
    const before = sink.messages.length;
    const again = await sendDueEmails(senderDepsFor(tdb.db, () => new Date()), { orgId });
    expect(again.sent + again.unknown + again.retried).toBe(0);
    expect(sink.messages.length).toBe(before);
  });
});
