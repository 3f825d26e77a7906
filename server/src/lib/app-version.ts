import { readFileSync } from 'node:fs';

/** The server's version, from its package.json (reported by /api/health and the API docs). */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
