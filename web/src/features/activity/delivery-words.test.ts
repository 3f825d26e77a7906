import { describe, expect, it } from 'vitest';

import { eventDetail, sentEventDetail } from '../../test/event-data';

import { describeRowProblem, describeSendConfirmation, describeSendOutcome } from './delivery-words';

describe('delivery words', () => {
  it('gives a failed or unknown row its reason short and in full, and nothing for any other', () => {
    expect(describeRowProblem({ status: 'unknown', status_reason: 'outcome_unknown' })?.short).toBe('May or may not have arrived');
    expect(describeRowProblem({ status: 'unknown', status_reason: null })?.full).toMatch(/^The sender stopped while handing this email/);
    expect(describeRowProblem({ status: 'failure', status_reason: 'rejected' })).toEqual({
      short: 'Refused by the mail server',
      full: 'The mail server refused this email',
    });
    expect(describeRowProblem({ status: 'failure', status_reason: null })?.short).toBe('Not sent');
    expect(describeRowProblem({ status: 'success', status_reason: null })).toBeNull();
    expect(describeRowProblem({ status: 'superseded', status_reason: 'debt_paid' })).toBeNull();
  });

  it('names the copy it goes to and whether the plan still sends it', () => {
    const words = describeSendConfirmation(eventDetail({ cc: [{ name: 'Esme', email: 'esme@acme.test' }] }), 'sending', 'Pacific/Kiritimati');
    expect(words.title).toBe('Send this email now?');
    expect(words.warning).toBeNull();
    expect(words.lines).toEqual([
      '“A friendly reminder about £1,234.56” goes now to Ann <ann@acme.test>, with Esme <esme@acme.test> in copy, through your mail server.',
      'It was planned for 5 November 2026 at 23:00 (Pacific/Kiritimati); it will not go again then.',
    ]);
    expect(describeSendConfirmation(eventDetail({ status: 'draft_success' }), undefined, 'Europe/London').lines[1]).toBe(
      'It was only kept as a draft in dry run: the customer has not received it.',
    );
  });

  it('tells the outcome of a send by hand from the server’s answer', () => {
    expect(describeSendOutcome(sentEventDetail(), 'Europe/London')).toEqual({ message: 'Sent to Ann <ann@acme.test>', variant: 'success' });
    expect(describeSendOutcome(sentEventDetail({ status: 'failure', status_reason: 'retries_exhausted' }), 'Europe/London')).toEqual({
      message: 'Not sent: The mail server could not be reached, or kept deferring it, and the sender gave up',
      variant: 'error',
    });
    expect(describeSendOutcome(sentEventDetail({ status: 'unknown' }), 'Europe/London').variant).toBe('warning');
    expect(describeSendOutcome(eventDetail({ next_attempt_at: '2026-11-05T09:15:00Z' }), 'Europe/London').message).toBe(
      'Not sent yet: the mail server could not take it. The sender tries again at 5 November 2026 at 09:15',
    );
  });
});
