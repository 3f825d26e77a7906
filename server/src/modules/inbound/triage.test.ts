import { describe, expect, it } from 'vitest';

import { triageReply } from './triage';

// Wednesday 5 March 2025, 10:00 in London.
const received = new Date('2025-03-05T10:00:00Z');
const triage = (text: string, ignore: string[] = [], at = received) => triageReply(text, at, 'Europe/London', ignore);

describe('triageReply', () => {
  it('gives the category with the words that matched, exactly as written', () => {
    expect(triage('Hi,\nRemittance Attached for INV-7. We have PAID it.')).toEqual({
      category: 'paid',
      matches: ['Remittance Attached', 'We have PAID'],
      promised_on: null,
      new_contact: null,
    });
  });

  it('is null when no rule matches', () => {
    expect(triage('Thanks, noted.')).toBeNull();
    expect(triage('')).toBeNull();
  });

  it('does not count a negated phrase', () => {
    expect(triage('We have not paid yet.')).toBeNull();
    expect(triage('This has not been paid, sorry.')).toBeNull();
    expect(triage('We do not dispute the amount.')).toBeNull();
    expect(triage('We have not paid yet, will pay on Friday.')).toMatchObject({ category: 'promise', matches: ['will pay'], promised_on: '2025-03-07' });
    expect(triage("I haven't received the invoice.")?.category).toBe('copy_request');
  });

  it('chooses by priority when several categories match', () => {
    expect(triage('We dispute the delivery charge but have paid the rest today.')?.category).toBe('dispute');
    expect(triage('This is not our debt. Stop emailing us.')?.category).toBe('stop');
    expect(triage('Stop emailing this address, I no longer work here. Write to ap@x.test instead.')).toMatchObject({
      category: 'wrong_contact',
      new_contact: { email: 'ap@x.test', name: null },
    });
    expect(triage('We paid half today and will pay the rest on Friday.')?.category).toBe('paid');
    expect(triage("Please resend the invoice and we'll pay it on Friday.")?.category).toBe('copy_request');
  });

  it('reads the promised day from the promising sentence, the latest from today on', () => {
    expect(triage('Payment will be made by the end of the month.')?.promised_on).toBe('2025-03-31');
    expect(triage('We can pay half now and the rest on 1 April.')?.promised_on).toBe('2025-04-01');
    expect(triage('Invoice dated 3 February. We will pay on 15/03.')?.promised_on).toBe('2025-03-15');
    expect(triage('We will pay next week.')?.promised_on).toBeNull();
    expect(triage('We will pay it on 2 January.', [], new Date('2025-12-22T10:00:00Z'))?.promised_on).toBe('2026-01-02');
  });

  it('names the new contact, never the sender\'s own address', () => {
    expect(triage('I no longer work here (me@x.test). Please contact Jane Smith at jane@x.test instead.', ['me@x.test'])?.new_contact).toEqual({
      email: 'jane@x.test',
      name: 'Jane Smith',
    });
    expect(triage("You've got the wrong person.")?.new_contact).toBeNull();
  });

  it('does not take ordinary words for a request', () => {
    expect(triage('Just a quick query on when you need this by.')).toBeNull();
    expect(triage('We have left it with our accounts group.')).toBeNull();
    expect(triage("I can't see the harm in waiting a week.")).toBeNull();
    expect(triage("Please don't hesitate to contact me.")).toBeNull();
  });

  it('is not misled by signatures and disclaimers', () => {
    expect(triage('Thanks, noted.\n\nJo Bloggs\nAccounts Payable Clerk')).toBeNull();
    expect(triage('Will pay on 14/03.\n\nSam Lee\nPayroll & Paid Leave Administrator')?.category).toBe('promise');
    expect(triage('Received.\n--\nIf you are not the intended recipient do not copy, forward or disclose this email.')).toBeNull();
  });
});
