import { describe, expect, it } from 'vitest';

import { parseInboundEmail } from '../../src/modules/inbound/parse-inbound';

import { FIXTURE_IDS, INBOUND_FIXTURES, readdressFixture, readInboundFixture, withHeaders } from './inbound-fixtures';

describe('inbound fixtures', () => {
  it('keep the CRLF line endings mail has on the wire, and say they were written for tests', () => {
    for (const name of INBOUND_FIXTURES) {
      const text = readInboundFixture(name).toString('latin1');
      expect(text.replace(/\r\n/g, ''), name).not.toMatch(/[\r\n]/);
      expect(text, name).toMatch(/^X-Fixture: written for tests/);
    }
  });

  it('are re-addressed to a token and a Message-ID made by a test, in the returned message too', async () => {
    const messageId = `<${crypto.randomUUID()}@sender.test>`;
    const replyAddress = 'reply+abcdefghijklmnopqrstuvwxyz234567abcdefgh@in.sender.test';
    const reply = await parseInboundEmail(readdressFixture(readInboundFixture('outlook-reply'), { messageId, replyAddress }));
    expect(reply.inReplyTo).toBe(messageId);
    expect(reply.references).toEqual([FIXTURE_IDS.earlierMessageId, messageId]);
    expect(reply.to[0]?.address).toBe(replyAddress);
    const bounce = await parseInboundEmail(readdressFixture(readInboundFixture('dsn-postfix-user-unknown'), { messageId }));
    expect(bounce.deliveryReport?.originalMessageId).toBe(messageId);
  });

  it('have top-level headers set, added and removed, folded lines and all, the body untouched', async () => {
    const raw = withHeaders(readInboundFixture('outlook-reply'), {
      'message-id': '<new@test>', To: 'Ops <ops@in.test>', 'X-Added': 'Zoë', 'In-Reply-To': null, Received: null,
    });
    const mail = await parseInboundEmail(raw);
    expect(mail.messageId).toBe('<new@test>');
    expect(mail.to).toEqual([{ address: 'ops@in.test', name: 'Ops' }]);
    expect(mail.headers.first['x-added']).toBe('Zoë');
    expect(mail.inReplyTo).toBeNull();
    expect(mail.headers.all.filter((h) => h.name === 'received')).toEqual([]);
    expect(mail.text).toBe((await parseInboundEmail(readInboundFixture('outlook-reply'))).text);
    expect(raw.toString('latin1')).toMatch(/\r\nX-Added: .*\r\n\r\nHi,\r\n/);
  });
});
