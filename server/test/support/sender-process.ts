// A sender worker as its own process, for the crash test (delivery-crash.int.test.ts): it runs
// the real sender's passes against DATABASE_URL until nothing is left to claim, then exits. The
// test SIGKILLs it at random moments. Run with `node --import tsx`.
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/client';
import { createSecretBox } from '../../src/lib/secret-box';
import { closeTransports } from '../../src/lib/smtp-transport';
import { sendDueEmails } from '../../src/modules/delivery/send-due-emails';

const config = loadConfig(process.env);
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const database = createDatabase(config.databaseUrl, { max: config.delivery.concurrency + 2 });
// Warnings go to stdout: the test reads which emails a live worker left unsent because their lease ran short.
const log = {
  info: () => undefined,
  warn: (message: string) => process.stdout.write(`warn ${message}\n`),
  error: (message: string) => process.stderr.write(`${message}\n`),
};
const deps = {
  db: database.db,
  now: () => new Date(),
  log,
  secrets: createSecretBox(config.secretsKey),
  instanceSmtpUrl: config.mail.smtpUrl,
  timeouts: config.mail.timeouts,
  outbound: config.mail.outbound,
  delivery: config.delivery,
};

process.stdout.write('ready\n');
let total = 0;
for (;;) {
  const s = await sendDueEmails(deps);
  const done = s.sent + s.failed + s.unknown + s.retried + s.drafted + s.superseded + s.lapsed;
  total += done;
  process.stdout.write(`pass ${JSON.stringify(s)}\n`);
  if (done === 0) break;
}
process.stdout.write(`finished ${total}\n`);
closeTransports();
await database.close();
