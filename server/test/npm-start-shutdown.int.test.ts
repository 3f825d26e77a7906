import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * Ctrl-C on `npm start` (decision 0046): `scripts/start.mjs` with the embedded PostgreSQL, in a
 * process group of its own as a terminal's foreground job is, sent SIGINT as a group, as a
 * terminal sends Ctrl-C. It used to print ~310 lines of "terminating connection"; now the server
 * says it is shutting down, then that it stopped, and nothing else.
 */
describe('stopping npm start with Ctrl-C', () => {
  it('drains and stops quietly: two lines, the database last, nothing left running', async () => {
    // Under .data, not a mkdtemp dir: PostgreSQL runs as the `postgres` user and must reach it.
    const dataDir = join(resolve(REPO_ROOT, '.data'), `test-shutdown-${process.pid}`);
    const port = await freePort();
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts/start.mjs')], {
      cwd: REPO_ROOT,
      detached: true,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', NODE_ENV: 'development' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      await expect.poll(() => output, { timeout: 150_000, interval: 500 }).toMatch(/Demo sign-in: /);
      const ready = output.length;
      process.kill(-(child.pid ?? 0), 'SIGINT');
      await exited;
      const after = output.slice(ready).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
      expect(after).toEqual(['SIGINT received, shutting down', 'Receivables stopped']);
      expect(output).not.toContain('terminating connection');
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid ?? 0), 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 200_000);
});
