// `npm start`: build the web app when it is missing or older than its sources (a `git pull`
// must not keep serving yesterday's build), then run the server (API + SPA + worker). TypeScript
// runs through tsx, so there is no server compile step.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = join(root, 'web/dist/index.html');
// What the built SPA is made from.
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'packages/contracts/src'];

/** The newest modification time of a file or of any file below a folder. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newestMtime(join(root, s))))) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Rebuilding the web app (its sources changed)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in a process group of its own. Ctrl-C signals the terminal's whole group, and
// the embedded PostgreSQL, the server's child, would take it too and stop at once under the
// server's feet (~300 lines of "terminating connection" on every Ctrl-C). Here only the server is
// told, once, and it stops PostgreSQL last, after its requests and jobs (decision 0046).
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  // The server stops by itself if this wrapper is SIGKILLed and cannot pass a signal on.
  env: { ...process.env, RECEIVABLES_PARENT_PID: String(process.pid) },
});

// npm passes its own SIGINT on as well as the terminal's: one Ctrl-C arrives twice, and the
// server takes a second signal as "stop now". A second Ctrl-C a moment later still means that.
let lastSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - lastSignalAt < 1_000) return;
    lastSignalAt = now;
    server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
