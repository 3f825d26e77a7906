// `npm run bench`: every benchmark under bench/, one after another. Each prints its own ratios
// against a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv[2];
const benches = readdirSync(`${root}bench`).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)));
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const { status } = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${file}`], { cwd: root, stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
