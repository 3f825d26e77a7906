import { describe, expect, it } from 'vitest';

import { replyTokenKey } from '../../lib/derived-keys';
import { replyAddress } from '../delivery/reply-token';

import { isReplyLocalPart, readReplyTokenFromAddress, replyTokenOfLocalPart, splitAddress } from './recipient-address';

const key = replyTokenKey(Buffer.alloc(32, 7));
const subject = { orgId: '5b0e7c1a-7d7e-4a52-9d1c-0c6a8f3f2e11', customerId: 'a3c1f6de-2b4e-4c8a-8f0e-1d2c3b4a5f60', eventId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' };

describe('reply addresses', () => {
  it('give back the token and the event it names, however the mail system changed their case', () => {
    const address = replyAddress(key, subject, 'in.acme.test');
    const token = address.slice('reply+'.length, address.indexOf('@'));
    expect(readReplyTokenFromAddress(address)).toEqual({ token, eventId: subject.eventId, domain: 'in.acme.test' });
    expect(readReplyTokenFromAddress(address.toUpperCase())).toEqual({ token, eventId: subject.eventId, domain: 'in.acme.test' });
    expect(readReplyTokenFromAddress(`<${address}>`).eventId).toBe(subject.eventId);
    expect(readReplyTokenFromAddress(`Reply+${token}@In.Acme.Test.`).domain).toBe('in.acme.test');
  });

  it('keep a tag that is not one of our tokens, to be refused, and have no token without a tag', () => {
    expect(readReplyTokenFromAddress('reply+guess@in.acme.test')).toEqual({ token: 'guess', eventId: null, domain: 'in.acme.test' });
    expect(readReplyTokenFromAddress('reply@in.acme.test')).toEqual({ token: null, eventId: null, domain: 'in.acme.test' });
    expect(readReplyTokenFromAddress('reply+@in.acme.test').token).toBeNull();
    expect(readReplyTokenFromAddress('accounts+reply@in.acme.test').token).toBeNull();
    expect(readReplyTokenFromAddress('replyall+abc@in.acme.test').token).toBeNull();
  });

  it('are told apart by their local part', () => {
    expect(isReplyLocalPart('reply')).toBe(true);
    expect(isReplyLocalPart('REPLY+abc')).toBe(true);
    expect(isReplyLocalPart('replies')).toBe(false);
    expect(isReplyLocalPart('accounts')).toBe(false);
    expect(replyTokenOfLocalPart('Reply+ABC')).toBe('abc');
  });

  it('split into local part and domain, at the last @, quotes and brackets removed', () => {
    expect(splitAddress('"reply+x"@in.acme.test')).toEqual({ localPart: 'reply+x', domain: 'in.acme.test' });
    expect(splitAddress(' <a@b@Example.COM> ')).toEqual({ localPart: 'a@b', domain: 'example.com' });
    expect(splitAddress('postmaster')).toEqual({ localPart: 'postmaster', domain: '' });
  });
});
