// `npm start`: build the web app when it is missing or older than its sources (a `git pull`
// must not keep serving yesterday's build), then run the server (API + SPA + worker) in this
// process. TypeScript runs through tsx, so there is no server compile step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { register } from 'tsx/esm/api';

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

register();
await import('../server/src/main.ts');
