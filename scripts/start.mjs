// `npm start`: build the web app if it has not been built, then run the server (API + SPA +
// worker) in this process. TypeScript runs through tsx, so there is no server compile step.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = `${root}web/dist/index.html`;

if (!existsSync(webIndex)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import('../server/src/main.ts');
