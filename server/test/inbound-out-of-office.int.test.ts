import type { CustomerDetail, TimelineResponse } from '@receivables/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closeTransports } from '../src/lib/smtp-transport';
import type { InboundSmtpServer } from '../src/modules/inbound/inbound-smtp-server';

import { type ChasingOrg, deliver, plainMessage, replyingOrg, sentReminder, startTestListener } from './inbound-helpers';
import { useIntegrationEnv } from './integration-env';
import { setChasingSettings } from './scheduling-helpers';
import { okBody, type SmtpSink, startSmtpSink } from './support';

/** Monday 17 August 2026, mid-morning in London: the day the out-of-office answers arrive. */
const RECEIVED_AT = new Date('2026-08-17T09:30:00.000Z');

const env = useIntegrationEnv();
let sink: SmtpSink;
let listener: InboundSmtpServer;
beforeAll(async () => {
  sink = await startSmtpSink();
  ({ listener } = await startTestListener(env, { attachmentMaxBytes: 1024 * 1024, maxBytes: 1024 * 1024, now: () => RECEIVED_AT }));
});
afterAll(async () => {
  await listener.close();
  closeTransports();
  await sink.close();
});

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@customer.example`;

/** A reminder to a new customer, answered by its contact's out-of-office saying they are back on Friday 28 August. */
async function awayUntilFriday(org: ChasingOrg): Promise<CustomerDetail> {
  const sent = await sentReminder(env, sink, org, unique('away'));
  const raw = plainMessage(
    {
      From: `Sam Away <${sent.email}>`,
      To: sent.replyTo,
      Subject: 'Automatic reply: Reminder',
      'Auto-Submitted': 'auto-replied',
      'In-Reply-To': sent.messageId,
      'Message-ID': `<${crypto.randomUUID()}@customer.example>`,
    },
    'Thank you for your email. I am on annual leave and will be back in the office on Friday 28 August.',
  );
  await deliver(listener, raw, [sent.replyTo]);
  return okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${sent.customerId}/`));
}

describe('the out-of-office pause ends on a working day', () => {
  it('resumes chasing on the Monday after a Friday return, or the Tuesday when that Monday is a bank holiday', async () => {
    const org = await replyingOrg(env, sink);

    // No holiday region (a new organisation in London has England's: taken off here): back Friday
    // 28 August, chased again Monday 31 August, so paused through Sunday 30.
    await setChasingSettings(env.db.db, org.user.orgId, { holidayRegion: null });
    const weekend = await awayUntilFriday(org);
    expect(weekend).toMatchObject({ standing: 'paused', paused_until: '2026-08-30', pause_reason: 'out_of_office' });

    // England's Summer bank holiday is Monday 31 August 2026: chased again on Tuesday 1 September.
    await setChasingSettings(env.db.db, org.user.orgId, { holidayRegion: 'GB-ENG' });
    const holiday = await awayUntilFriday(org);
    expect(holiday).toMatchObject({ standing: 'paused', paused_until: '2026-08-31', pause_reason: 'out_of_office' });
    const timeline = okBody(await org.user.api<TimelineResponse>('GET', `/api/customers/${holiday.id}/timeline/`)).rows;
    const pause = timeline.find((item) => item.kind === 'edit' && item.action === 'customer.pause');
    expect(pause).toMatchObject({ actor_id: null, changes: { reason: { to: 'out_of_office' }, paused_until: { to: '2026-08-31' } } });
  });
});
