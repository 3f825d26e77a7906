import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { REPO_ROOT } from '../src/config';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import { closeTransports } from '../src/modules/mail/smtp-transport';

import { configureMail, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertDueReminders, type SmtpSink, startSmtpSink, type TestDatabase, testConfig } from './support';
import { readMail } from './support/mime-parts';

// `npm run test:faults` runs a longer variant: more emails, more kills.
const EMAILS = Number(process.env.CRASH_EMAILS ?? 500);
const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const LEASE_SECONDS = 2;

let tdb: TestDatabase;
let sink: SmtpSink;
let orgId: string;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  sink = await startSmtpSink();
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
  ready: Promise<void>;
  /** Whether it has started sending: only those are worth killing. */
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
      SECRETS_KEY: config.secretsKey.toString('base64'),
      BETTER_AUTH_SECRET: config.authSecret,
      DATA_DIR: config.dataDir,
      SEND_LEASE_SECONDS: String(LEASE_SECONDS),
      SEND_CONCURRENCY: '4',
      // At most 25 a second across the workers: the batch lasts long enough for every kill to land mid-flight.
      SEND_RATE_PER_MINUTE: '1500',
      SMTP_SOCKET_TIMEOUT_MS: '1500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let isReady = false;
  const ready = new Promise<void>((resolveReady, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('ready')) return;
      isReady = true;
      resolveReady();
    });
    child.on('exit', () => reject(new Error(`worker exited before it was ready: ${stderr}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return { child, ready, isReady: () => isReady, exited };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crash test: workers SIGKILLed at random moments while sending a batch', () => {
  // About a minute on an idle two-core machine; far longer when it is shared.
  it(`never delivers an email twice and leaves every one sent, failed or unknown (${EMAILS} emails, ${KILLS} kills)`, { timeout: 600_000 }, async () => {
    // Two workers share the batch (as two processes of a deployment would); every so often one
    // of them is killed mid-flight and a new one started in its place.
    const workers: Worker[] = [startWorker(), startWorker(), startWorker()];
    await Promise.all(workers.map((w) => w.ready));
    const sending = () => workers.filter((w) => w.isReady() && w.child.exitCode === null && w.child.signalCode === null);
    const kills: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      while (sending().length === 0 && workers.some((w) => w.child.exitCode === null && w.child.signalCode === null)) await sleep(50);
      const after = 100 + Math.floor(Math.random() * 1200);
      await sleep(after);
      const alive = sending();
      const victim = alive[Math.floor(Math.random() * alive.length)];
      if (!victim) break;
      victim.child.kill('SIGKILL');
      await victim.exited;
      kills.push(after);
      workers.push(startWorker());
    }
    // The last ones finish the batch and stop when nothing is left to claim.
    const codes = await Promise.all(workers.filter((w) => w.child.signalCode === null).map((w) => w.exited));
    expect(codes.every((c) => c === 0)).toBe(true);
    // The claims the killed workers left run out; the sweep calls them unknown.
    await sleep(LEASE_SECONDS * 1000 + 200);
    await sendDueEmails(senderDepsFor(tdb.db, () => new Date()), { orgId });

    const events = await readEvents(tdb.db, orgId);
    const byStatus = (status: string) => events.filter((e) => e.status === status);
    const arrivals = new Map<string, number>();
    for (const m of sink.messages) {
      const id = readMail(m.raw).headers.get('message-id') ?? '';
      arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
    }
    const twice = [...arrivals].filter(([, n]) => n > 1);
    const unknownArrived = byStatus('unknown').filter((e) => arrivals.has(e.messageId ?? ''));
    console.log(
      `crash test: ${EMAILS} emails, ${kills.length} SIGKILLs (after ${kills.join(', ')} ms) — ` +
      `${byStatus('success').length} success, ${byStatus('failure').length} failure, ${byStatus('unknown').length} unknown ` +
      `(${unknownArrived.length} of them did arrive), ${byStatus('pending').length} pending; ` +
      `${sink.messages.length} messages at the server, ${arrivals.size} distinct, ${twice.length} twice`,
    );
    expect(kills).toHaveLength(KILLS);
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
