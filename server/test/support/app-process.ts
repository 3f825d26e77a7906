import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

import { REPO_ROOT } from '../../src/config';

export interface AppProcess {
  child: ChildProcess;
  /** Everything it has written so far, stdout and stderr. */
  output: () => string;
  /** SIGTERM, and its exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL, as a crash or the kernel would: no shutdown of any kind. */
  kill: () => Promise<void>;
}

/** A port nothing listens on yet. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The app as `npm start -- --role=<role>` runs it (scripts/start.mjs), on `databaseUrl`, up once
 * its output matches `ready` (README, "Scaling out"): several of these share one PostgreSQL.
 */
export async function startAppProcess(
  role: 'api' | 'worker',
  options: { databaseUrl: string; port: number; ready: RegExp; env?: NodeJS.ProcessEnv },
): Promise<AppProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...options.env,
  };
  // The server itself, not `npm start`'s wrapper: SIGKILL must reach the process doing the work.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', `--role=${role}`], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = () => new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
  const stop = () => {
    const done = exited();
    child.kill('SIGTERM');
    return done;
  };
  const kill = async () => {
    const done = exited();
    child.kill('SIGKILL');
    await done;
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (options.ready.test(text)) return { child, output: () => text, stop, kill };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`--role=${role} did not come up:\n${text}`);
}
