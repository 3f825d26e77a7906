import { describe, expect, it } from 'vitest';

import { replyTokenKey } from '../../lib/derived-keys';

import { isReplyTokenFor, replyAddress, replyToken, replyTokenEventId } from './reply-token';

const key = replyTokenKey(Buffer.alloc(32, 7));
const subject = { orgId: '5b0e7c1a-7d7e-4a52-9d1c-0c6a8f3f2e11', customerId: 'a3c1f6de-2b4e-4c8a-8f0e-1d2c3b4a5f60', eventId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' };

describe('reply tokens', () => {
  it('name the event, fit in a local part, and survive a change of case', () => {
    const token = replyToken(key, subject);
    expect(token).toMatch(/^[a-z2-7]{42}$/);
    const address = replyAddress(key, subject, 'in.acme.test');
    expect(address).toBe(`reply+${token}@in.acme.test`);
    expect(address.split('@')[0]?.length).toBeLessThanOrEqual(64);
    expect(replyTokenEventId(token)).toBe(subject.eventId);
    expect(isReplyTokenFor(key, token.toUpperCase(), subject)).toBe(true);
  });

  it('are refused for another organisation, customer or event, another key, or when altered', () => {
    const token = replyToken(key, subject);
    expect(isReplyTokenFor(key, token, { ...subject, orgId: crypto.randomUUID() })).toBe(false);
    expect(isReplyTokenFor(key, token, { ...subject, customerId: crypto.randomUUID() })).toBe(false);
    expect(isReplyTokenFor(replyTokenKey(Buffer.alloc(32, 8)), token, subject)).toBe(false);
    const altered = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    expect(isReplyTokenFor(key, altered, subject)).toBe(false);
    expect(replyTokenEventId('not-a-token')).toBeNull();
  });

  it('differ from one email to the next', () => {
    expect(replyToken(key, subject)).not.toBe(replyToken(key, { ...subject, eventId: crypto.randomUUID() }));
  });
});
