import { describe, expect, it } from 'vitest';

import { inboundAnswerInputSchema, replySubject } from './answer';

describe('an answer’s subject', () => {
  it('is “Re:” and theirs, their own prefixes taken off so it never grows', () => {
    expect(replySubject('Your account is overdue')).toBe('Re: Your account is overdue');
    expect(replySubject('RE: Re: AW: Your account is overdue')).toBe('Re: Your account is overdue');
    expect(replySubject('Fwd: SV:  Invoice   INV-1 ')).toBe('Re: Invoice INV-1');
  });

  it('is for the caller to choose when theirs was empty', () => {
    expect(replySubject('')).toBeNull();
    expect(replySubject('Re:')).toBeNull();
  });
});

describe('an answer’s words', () => {
  it('must say something, within the limit; the subject, when given, too', () => {
    expect(inboundAnswerInputSchema.safeParse({ text: '  Thank you.  ' })).toMatchObject({ success: true, data: { text: 'Thank you.' } });
    expect(inboundAnswerInputSchema.safeParse({ text: ' \n ' }).error?.issues[0]?.path).toEqual(['text']);
    expect(inboundAnswerInputSchema.safeParse({ text: 'x'.repeat(10_001) }).success).toBe(false);
    expect(inboundAnswerInputSchema.safeParse({ text: 'Hi', subject: '   ' }).error?.issues[0]?.path).toEqual(['subject']);
    expect(inboundAnswerInputSchema.safeParse({ text: 'Hi', to: 'someone@elsewhere.example' }).success).toBe(false);
  });
});
