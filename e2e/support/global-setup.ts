import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createTestDatabase, FAKE_STRIPE_API_KEY, fillFakeAccount, startAdminDatabase, startFakeStripe, startSmtpSink } from '@receivables/server/testing';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const E2E_STRIPE_APP_SECRET = 'absec_e2e_install_links';
const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_webhooks';

/**
 * Start a real PostgreSQL (embedded, or the one DATABASE_URL names), a fresh database, and the
 * real server process on a free port serving the built SPA. Tests read E2E_BASE_URL and
 * E2E_DATABASE_URL; the returned function tears everything down.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const postgres = await startAdminDatabase();
  const database = await createTestDatabase(postgres.adminUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Stripe, played by a local fake of its API and install page (decision 0022): each install is a
  // new account with a few customers who owe, the last paying by a card Stripe is retrying.
  const fill = (account: Parameters<typeof fillFakeAccount>[0]) => fillFakeAccount(account, { customers: 6, namePrefix: 'Stripe Customer', retrying: 1 });
  const stripe = await startFakeStripe({ install: { appSecret: E2E_STRIPE_APP_SECRET, onInstall: (_id, account) => fill(account) } });
  // Account emails (resets, invitations) arrive at a real SMTP server here; each is written to a
  // file, as journeys run in other processes (support/account-mail.ts reads them).
  const accountMailDir = mkdtempSync(join(tmpdir(), 'e2e-account-mail-'));
  let received = 0;
  const accountMail = await startSmtpSink({
    onMessage: (mail) => {
      writeFileSync(join(accountMailDir, `${String(++received).padStart(5, '0')}.json`), JSON.stringify(mail));
      return undefined;
    },
  });

  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      // No PUBLIC_URL, as after `npm start`: every loopback form of the port must be trusted.
      PUBLIC_URL: '',
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      BETTER_AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
      // Every journey signs up its own account from one IP; the limiter has its own API test.
      AUTH_RATE_LIMIT_MAX: '10000',
      STRIPE_SECRET_KEY: FAKE_STRIPE_API_KEY,
      STRIPE_APP_SECRET: E2E_STRIPE_APP_SECRET,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_INSTALL_URL: `${stripe.url}/oauth/v2/authorize?client_id=com.example.receivables`,
      STRIPE_API_BASE: stripe.url,
      // Organisations' reminders have no instance server (journeys set their own); account emails do.
      ACCOUNT_SMTP_URL: `smtp://${accountMail.host}:${accountMail.port}?security=none`,
      MAIL_FROM: 'Receivables <accounts@receivables.example>',
      // The pass at worker start only, never the hourly one (requireNoHourlyPass says why).
      FIGURES_REFRESH_HOURLY: '0',
      // The journeys' mail servers are smtp-server on loopback, set as organisations' own (decision 0032).
      SMTP_ALLOWED_HOSTS: '127.0.0.1,::1,localhost',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  await requireNoHourlyPass(database.url);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = database.url;
  process.env.E2E_ACCOUNT_MAIL_DIR = accountMailDir;

  return async () => {
    await stopProcess(server);
    await stripe.stop();
    await accountMail.close();
    rmSync(accountMailDir, { recursive: true, force: true });
    await database.drop();
    await postgres.stop();
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The worker's hourly figures refresh and scheduler pass stay off pg-boss's clock for this run
 * (FIGURES_REFRESH_HOURLY=0). At five past each hour they would plan every organisation again,
 * superseding the pending emails that journeys seed as fixtures for screens (screenshots, axe,
 * Settings → Email), so a journey running across :05 failed on a page that had changed under it.
 * The pass the worker runs as it starts still runs (waitForSchedulerPass), and journeys about
 * planning run the real pass themselves (runScheduler). Checked here, loudly, as a renamed
 * variable or job would quietly bring the flake back: the worker has written its schedules
 * before the server listens.
 */
async function requireNoHourlyPass(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select name from pgboss.schedule');
    const names = rows.map((r) => r.name);
    if (!names.includes('delivery.send')) throw new Error(`the worker had not written its schedules (found: ${names.join(', ') || 'none'})`);
    if (names.includes('figures.refresh')) throw new Error('the worker scheduled its hourly pass: FIGURES_REFRESH_HOURLY=0 no longer stops it');
  } finally {
    await client.end();
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode} before it was healthy`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${baseUrl} did not become healthy within 60 s`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
