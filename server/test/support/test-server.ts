import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type App, buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import type { JobQueue } from '../../src/jobs/job-queue';

import { recordingJobQueue } from './recording-job-queue';

export interface TestServer {
  app: App;
  config: AppConfig;
  /** Where the app sends jobs: by default a recording fake, so no job runs unless a test runs it. */
  jobs: JobQueue;
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The Origin better-auth trusts for cookie requests (the config's PUBLIC_URL). */
  origin: string;
  close(): Promise<void>;
}

/** Test configuration: quiet, fixed secret, no SPA, nothing written to the repo's .data. */
export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // A fixed key, so a secret sealed by one test process opens in another (the e2e server and its factories).
    SECRETS_KEY: 'dGVzdC1zZWNyZXRzLWtleS10ZXN0LXNlY3JldHMtayE=',
    DATA_DIR: join(tmpdir(), 'receivables-test'),
    WEB_DIST: join(tmpdir(), 'receivables-no-web-dist'),
    LOG_LEVEL: 'silent',
    // The tests' mail servers are smtp-server on loopback, configured as organisations' own: allowed
    // here as a self-hoster allows their relay. The outbound policy's tests set it themselves.
    SMTP_ALLOWED_HOSTS: '127.0.0.1,::1,localhost',
    NODE_ENV: 'test',
    ...env,
  });
}

/** Build the app over `db` and listen on a random local port (real HTTP, not inject); `logStream` receives its log. */
export async function startTestServer(
  db: Db,
  env: NodeJS.ProcessEnv = {},
  jobs: JobQueue = recordingJobQueue(),
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestServer> {
  const config = testConfig(env);
  // Silent unless a test reads the log: then pino writes every line, at LOG_LEVEL, to its stream.
  const app = await buildApp({ db, config, jobs, ...(options.logStream ? { logStream: options.logStream } : { logger: false }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, config, jobs, baseUrl: `http://127.0.0.1:${port}`, origin: config.publicUrl, close: () => app.close() };
}
