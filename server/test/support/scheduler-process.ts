// A worker's hourly passes as a process of its own, for scheduler-concurrency-processes.int.test.ts:
// two of these run the same pass over one organisation at the same moment with the same clock. It
// says `ready` once connected, then for each line on stdin runs one pass at that line's clock and
// answers `done <summary JSON>`: `schedule <ISO instant>` the scheduler's hourly pass (chasing.schedule),
// `figures <ISO instant>` the figures pass (figures.refresh) before it. It exits when stdin ends.
// Run with `node --import tsx`; DATABASE_URL, ORG_ID and CHUNK (customers per transaction) set.
import { createInterface } from 'node:readline';

import { createDatabase } from '../../src/db/client';
import { refreshOrganisationFigures } from '../../src/modules/customers/refresh-organisation-figures';
import { scheduleOrganisation } from '../../src/modules/scheduling/schedule-organisation';

const { DATABASE_URL: url, ORG_ID: orgId, CHUNK: chunk } = process.env;
if (!url || !orgId) throw new Error('DATABASE_URL and ORG_ID are required');
const database = createDatabase(url, { max: 3 });
await database.db.execute('select 1');
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  const [, pass, at] = /^(schedule|figures) (\S+)$/.exec(line) ?? [];
  if (!at) continue;
  const now = new Date(at);
  // As figures-refresh.job.ts and chasing-schedule.job.ts do each hour, for this one organisation.
  const summary = pass === 'figures'
    ? await refreshOrganisationFigures(database.db, orgId, { now })
    : await scheduleOrganisation(database.db, orgId, now, { onlyDue: true, chunk: Number(chunk ?? 500) });
  process.stdout.write(`done ${JSON.stringify(summary)}\n`);
}
await database.close();
