import type { TimelineItem } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { describeTimelineActor, describeTimelineItem, describeTimelineWhen, timelineEventId } from './timeline-text';

const base = { id: '11111111-1111-4111-8111-111111111111', at: '2026-11-03T10:00:00Z' };
const edit = (
  action: string,
  changes: Record<string, { from: unknown; to: unknown }>,
  more: { entity?: string; names?: Record<string, string>; currency?: string } = {},
): TimelineItem => ({
  ...base,
  kind: 'edit',
  action,
  entity: more.entity ?? 'customer',
  entity_id: base.id,
  actor_id: null,
  actor_name: null,
  changes,
  names: more.names ?? {},
  currency: more.currency ?? 'GBP',
});

const email = (overrides: Partial<Extract<TimelineItem, { kind: 'email' }>> = {}): TimelineItem => ({
  ...base,
  kind: 'email',
  event_id: base.id,
  direction: 'outbox',
  status: 'pending',
  status_reason: null,
  email_kind: 'regular_email',
  email_name: 'Friendly reminder',
  subject: 'Your account with Acme',
  scheduled_for: base.at,
  sent_at: null,
  actor_id: null,
  actor_name: null,
  ...overrides,
});

describe('describeTimelineItem', () => {
  it('explains a standing transition by its reason', () => {
    expect(describeTimelineItem({ ...base, kind: 'standing_transition', from: 'single_missed', to: 'multiple_missed', reason: 'to_multiple' })).toBe(
      'Moved from One missed invoice to Several missed — another invoice became overdue',
    );
    expect(describeTimelineItem({ ...base, kind: 'standing_transition', from: 'multiple_missed', to: 'in_good_standing', reason: 'debt_paid' })).toBe(
      'Moved from Several missed to Good standing — the overdue debt was paid',
    );
  });

  it('describes payments and invoices with their money', () => {
    expect(describeTimelineItem({ ...base, kind: 'payment', amount: 123400, currency: 'GBP', invoice_number: 'INV-1001', allocations: [] })).toBe(
      'Payment of £1,234.00 received for INV-1001',
    );
    expect(describeTimelineItem({ ...base, kind: 'payment', amount: 500, currency: 'EUR', invoice_number: null, allocations: [] })).toBe(
      'Payment of €5.00 received on account, held as credit',
    );
    const allocations = [{ invoice_number: 'INV-1001', amount: 300_000 }, { invoice_number: 'INV-1002', amount: 200_000 }];
    expect(describeTimelineItem({ ...base, kind: 'payment', amount: 500_000, currency: 'GBP', invoice_number: null, allocations })).toBe(
      'Payment of £5,000.00 received on account: £3,000.00 to INV-1001, £2,000.00 to INV-1002',
    );
    expect(describeTimelineItem({ ...base, kind: 'payment', amount: 550_000, currency: 'GBP', invoice_number: null, allocations })).toBe(
      'Payment of £5,500.00 received on account: £3,000.00 to INV-1001, £2,000.00 to INV-1002; £500.00 held as credit',
    );
    const invoice = { ...base, kind: 'invoice', number: 'INV-1002', amount_due: 88962, currency: 'GBP', status: 'open', issued_on: '2026-11-03' } as const;
    expect(describeTimelineItem({ ...invoice, source: 'api' })).toBe('Invoice INV-1002 for £889.62 issued');
    // An import records no entry per invoice: the invoice says it came in one.
    expect(describeTimelineItem({ ...invoice, source: 'csv' })).toBe('Invoice INV-1002 for £889.62 issued (imported)');
  });

  it('describes each kind of edit', () => {
    expect(describeTimelineItem(edit('customer.update', { name: { from: 'Acme', to: 'Acme Ltd' } }))).toBe('Name changed from Acme to Acme Ltd');
    const workflow = '33333333-3333-4333-8333-333333333333';
    expect(describeTimelineItem(edit('customer.update', { currency: { from: 'GBP', to: 'EUR' }, workflow_id: { from: null, to: workflow } }, { names: { [workflow]: 'Gentle chasing' } }))).toBe(
      'Currency changed from GBP to EUR; workflow changed from the default workflow to Gentle chasing',
    );
    expect(describeTimelineItem(edit('customer.update', { workflow_id: { from: workflow, to: null } }))).toBe('Workflow changed from a deleted workflow to the default workflow');
    expect(describeTimelineItem(edit('customer.pause', { standing: { from: 'single_missed', to: 'paused' }, paused_until: { from: null, to: '2027-03-03' } }))).toBe(
      'Paused until 3 March 2027',
    );
    expect(describeTimelineItem(edit('customer.pause', { paused_until: { from: null, to: null } }))).toBe('Paused indefinitely');
    expect(describeTimelineItem(edit('customer.resume', { standing: { from: 'paused', to: 'single_missed' } }))).toBe('Resumed — now One missed invoice');
    expect(describeTimelineItem(edit('customer.tags', { tags: { from: ['VIP'], to: ['Slow payer'] } }))).toBe('Tags changed: added Slow payer; removed VIP');
    expect(describeTimelineItem(edit('customer.tags', {}))).toBe('Tags changed');
    expect(
      describeTimelineItem(edit('contact.upsert', { role: { from: null, to: 'escalation' }, name: { from: null, to: 'Erin' }, email: { from: null, to: 'erin@x.test' } })),
    ).toBe('Escalation contact added: Erin, erin@x.test');
    expect(describeTimelineItem(edit('contact.upsert', { phone: { from: null, to: '0123' } }))).toBe('Contact updated: phone set to 0123');
    expect(describeTimelineItem(edit('customer.create', {}))).toBe('Customer created');
    expect(describeTimelineItem(edit('something.else', { colour: { from: 1, to: 2 } }))).toBe('Colour changed from 1 to 2');
    expect(describeTimelineItem(edit('something.else', {}))).toBe('Something changed');
  });

  it('names the invoice an edit concerns, and what it changed to, in the audit log’s words', () => {
    const names = { [base.id]: 'INV-1042' };
    const changes = { external_id: { from: null, to: 'X-7' }, payment_url: { from: null, to: 'https://pay.example/1' } };
    expect(describeTimelineItem(edit('invoice.import', changes, { entity: 'invoice', names }))).toBe(
      'Invoice INV-1042, by an import: reference set to X-7; payment link set to https://pay.example/1',
    );
    const money = { amount_due: { from: 120_000, to: 95_050 }, status: { from: 'open', to: 'uncollectible' } };
    expect(describeTimelineItem(edit('invoice.update', money, { entity: 'invoice', names, currency: 'EUR' }))).toBe(
      'Invoice INV-1042: amount due changed from €1,200.00 to €950.50; status changed from Open to Written off',
    );
    // Deleted since, and the entry never recorded its number.
    expect(describeTimelineItem(edit('invoice.update', { due_date: { from: '2026-11-01', to: '2026-12-15' } }, { entity: 'invoice' }))).toBe(
      'A deleted invoice: due date changed from 1 November 2026 to 15 December 2026',
    );
  });
});

describe('what replies and bounces did, on the timeline', () => {
  const eventId = '22222222-2222-4222-8222-222222222222';
  const systemPause = (reason: string, until: string | null) =>
    edit('customer.pause', {
      standing: { from: 'single_missed', to: 'paused' },
      paused_until: { from: null, to: until },
      reason: { from: null, to: reason },
      event_id: { from: null, to: eventId },
    });
  const triage = (action: string, extra: Record<string, { from: unknown; to: unknown }> = {}) =>
    edit('inbound.triage', { triage_action: { from: null, to: action }, event_id: { from: null, to: eventId }, ...extra });

  it('says why the system paused, in the reason’s words after the dash', () => {
    expect(describeTimelineItem(systemPause('reply', null))).toBe('Paused — the customer replied');
    expect(describeTimelineItem(systemPause('out_of_office', '2026-12-10'))).toBe('Paused until 10 December 2026 — the contact is out of the office');
    expect(describeTimelineItem(systemPause('says_paid', '2026-12-10'))).toBe('Paused until 10 December 2026 — says it has paid: payment to be checked');
    expect(describeTimelineItem(systemPause('promise', '2026-12-10'))).toBe('Paused until 10 December 2026 — promised to pay');
    expect(describeTimelineItem(systemPause('dispute', null))).toBe('Paused — disputes the debt');
    expect(describeTimelineItem(systemPause('asked_to_stop', null))).toBe('Paused — asked us to stop');
    // A reason this screen does not know is left out rather than shown as a code.
    expect(describeTimelineItem(systemPause('moon_phase', null))).toBe('Paused indefinitely');
  });

  it('names a bounced address and the remote server’s reason', () => {
    const bounced = edit('contact.undeliverable', {
      email: { from: 'ap@harbour.example', to: 'ap@harbour.example' },
      undeliverable: { from: null, to: '550 5.1.1 <ap@harbour.example>: Recipient address rejected: User unknown' },
    });
    expect(describeTimelineItem(bounced)).toBe('Address ap@harbour.example bounced: 550 5.1.1 <ap@harbour.example>: Recipient address rejected: User unknown');
    expect(timelineEventId(bounced)).toBeNull();
  });

  it('says a customer deleted in Stripe is kept here with its history and no longer synced', () => {
    const deleted = edit('customer.stripe_delete', {
      stripe_deleted_at: { from: null, to: '2026-12-03T09:00:00Z' },
      stripe_customer: { from: null, to: 'cus_123' },
    });
    expect(describeTimelineItem(deleted)).toBe('Deleted in Stripe: kept here with its history, no longer synced');
    expect(describeTimelineActor(deleted)).toBe('System');
  });

  it('says a received email was attached by hand', () => {
    expect(describeTimelineItem(edit('inbound.assign', { customer_id: { from: null, to: base.id }, event_id: { from: null, to: eventId } }))).toBe(
      'A received email was attached to this customer',
    );
  });

  it('describes each action a person took on a reply', () => {
    expect(describeTimelineItem(triage('mark_paid'))).toBe('Marked as paid, pending a check (paused 7 days)');
    expect(describeTimelineItem(triage('record_promise', { promised_on: { from: null, to: '2026-12-10' } }))).toBe('Promise to pay recorded for 10 December 2026');
    expect(describeTimelineItem(triage('mark_disputed'))).toBe('Marked disputed');
    expect(describeTimelineItem(triage('replace_contact'))).toBe('Contact replaced from a reply');
    expect(describeTimelineItem(triage('pause'))).toBe('Paused from a reply');
    expect(describeTimelineItem(triage('dismiss'))).toBe('Reply suggestion dismissed');
  });

  it('links what a received email caused to that email, and an email to itself; nothing else', () => {
    expect(timelineEventId(systemPause('reply', null))).toBe(eventId);
    expect(timelineEventId(triage('mark_disputed'))).toBe(eventId);
    expect(timelineEventId(edit('customer.pause', { paused_until: { from: null, to: null } }))).toBeNull();
    expect(timelineEventId(email())).toBe(base.id);
    expect(timelineEventId({ ...base, kind: 'payment', amount: 1, currency: 'GBP', invoice_number: null, allocations: [] })).toBeNull();
  });
});

describe('an email on the timeline', () => {
  it('names a planned or superseded email by its template, and why it will not go', () => {
    expect(describeTimelineItem(email())).toBe('Reminder planned: Friendly reminder');
    expect(describeTimelineItem(email({ status: 'superseded', status_reason: 'debt_paid', email_kind: 'escalation_email', email_name: 'Escalation' }))).toBe(
      'Escalation not sent: Escalation — the overdue debt was paid',
    );
    expect(describeTimelineItem(email({ status: 'superseded', status_reason: 'cancelled' }))).toBe('Reminder not sent: Friendly reminder — cancelled by hand');
  });

  it('names what went out or came back by its subject', () => {
    expect(describeTimelineItem(email({ status: 'success' }))).toBe('Reminder sent: Your account with Acme');
    expect(describeTimelineItem(email({ status: 'draft_success' }))).toBe('Reminder draft kept (dry run): Your account with Acme');
    expect(describeTimelineItem(email({ status: 'failure' }))).toBe('Reminder failed to send: Your account with Acme');
    expect(describeTimelineItem(email({ direction: 'inbox', status: 'incoming', email_kind: null, email_name: null, subject: 'Re: paid' }))).toBe('Reply received: Re: paid');
  });

  it('names who cancelled it, the system for the rest, and no one for a reply', () => {
    expect(describeTimelineActor(email({ status: 'superseded', status_reason: 'cancelled', actor_id: base.id, actor_name: 'Priya Patel' }))).toBe('Priya Patel');
    expect(describeTimelineActor(email())).toBe('System');
    expect(describeTimelineActor(email({ direction: 'inbox', status: 'incoming' }))).toBeNull();
  });
});

describe('describeTimelineActor', () => {
  it('names the person behind an edit, and the system for what it did on its own', () => {
    const named = { ...edit('customer.update', {}), actor_id: base.id, actor_name: 'Priya Patel' } as TimelineItem;
    expect(describeTimelineActor(named)).toBe('Priya Patel');
    expect(describeTimelineActor(edit('customer.update', {}))).toBe('System');
    expect(describeTimelineActor({ ...named, actor_name: null } as TimelineItem)).toBe('A former user');
    expect(describeTimelineActor({ ...base, kind: 'standing_transition', from: 'in_good_standing', to: 'single_missed', reason: 'days_passed' })).toBe('System');
    expect(describeTimelineActor({ ...base, kind: 'payment', amount: 1, currency: 'GBP', invoice_number: null, allocations: [] })).toBeNull();
  });
});

describe('describeTimelineWhen', () => {
  it('gives an invoice its issue date, anything else its date and time', () => {
    expect(describeTimelineWhen({ ...base, kind: 'invoice', number: 'INV-1', amount_due: 1, currency: 'GBP', status: 'open', issued_on: '2027-03-03', source: 'api' })).toBe('3 March 2027');
    expect(describeTimelineWhen(edit('customer.create', {}))).toMatch(/^3 November 2026, \d{2}:\d{2}$/);
  });
});
