import { describe, expect, it } from 'vitest';

import { auditDescription, auditSentence } from './audit-sentence';
import { auditFieldChanges } from './audit-values';

const WORKFLOW = '6f0c1d2e-3a4b-4c5d-8e9f-000000000001';
const TEMPLATE = '6f0c1d2e-3a4b-4c5d-8e9f-000000000002';
const GONE = '6f0c1d2e-3a4b-4c5d-8e9f-000000000003';
const INVOICE = '6f0c1d2e-3a4b-4c5d-8e9f-000000000004';
const STEP = '6f0c1d2e-3a4b-4c5d-8e9f-000000000005';

describe('auditSentence', () => {
  it('says what changed, naming the customer where the screen links it, a day in words', () => {
    expect(auditSentence({ action: 'customer.pause', before: { standing: 'single_missed' }, after: { standing: 'paused', paused_until: '2026-12-15', reason: 'promise' } }))
      .toEqual(['paused chasing for ', { customer: true }, ' until 15 December 2026', ' (promised to pay)']);
    expect(auditDescription({ action: 'customer.tags', before: { tags: ['VIP'] }, after: { tags: ['Slow payer'] } }, 'Acme Ltd'))
      .toBe('changed the tags of Acme Ltd: added Slow payer; removed VIP');
  });

  it('names what an id points at, and says so when it is gone', () => {
    const names = { [WORKFLOW]: 'Gentle chasing' };
    expect(auditDescription({ action: 'customer.update', before: { workflow_id: null }, after: { workflow_id: WORKFLOW }, names }, 'Acme Ltd'))
      .toBe('moved Acme Ltd to the workflow “Gentle chasing”');
    expect(auditDescription({ action: 'customer.update', before: { workflow_id: WORKFLOW }, after: { workflow_id: GONE }, names }, 'Acme Ltd'))
      .toBe('moved Acme Ltd to a workflow since deleted');
    expect(auditFieldChanges({ before: { workflow_id: GONE }, after: { workflow_id: WORKFLOW }, names }))
      .toEqual([{ field: 'workflow_id', label: 'Workflow', before: 'a deleted workflow', after: 'Gentle chasing' }]);
    // No workflow of its own is the default's, not "none".
    expect(auditDescription({ action: 'customer.update', before: { workflow_id: WORKFLOW }, after: { workflow_id: null }, names }, 'Acme Ltd'))
      .toBe('moved Acme Ltd back to the default workflow');
    expect(auditFieldChanges({ before: { workflow_id: null }, after: { workflow_id: WORKFLOW }, names })[0]?.before).toBe('the default workflow');
    expect(auditDescription({ action: 'workflow_action.update', entity: 'workflow_action', entity_id: STEP, before: { email_id: TEMPLATE }, after: { email_id: GONE }, names: { [STEP]: 'Standard' } }, null))
      .toBe('changed a step of the workflow “Standard”');
  });

  it('names an invoice by its number as it is now, even when the entry did not record it', () => {
    const entry = { action: 'invoice.update', entity: 'invoice', entity_id: INVOICE, before: { payment_url: null }, after: { payment_url: 'https://pay.example/1' }, names: { [INVOICE]: 'INV-1042' } };
    expect(auditDescription(entry, 'Acme Ltd')).toBe('changed invoice “INV-1042” of Acme Ltd');
  });

  it('words statuses, reasons and money as the screens do, and leaves out what did not change', () => {
    const cancelled = { action: 'event.cancel', entity: 'event', before: { status: 'pending', subject: 'Your account', customer_name: 'Acme Ltd' }, after: { status: 'superseded', status_reason: 'cancelled' } };
    expect(auditDescription(cancelled, null)).toBe('cancelled the planned email “Your account” to Acme Ltd');
    expect(auditFieldChanges(cancelled)).toEqual([{ field: 'status', label: 'Status', before: 'Planned', after: 'Superseded' }]);
    const resumed = { before: { standing: 'paused', paused_until: null }, after: { standing: 'in_good_standing', paused_until: null } };
    expect(auditFieldChanges(resumed)).toEqual([{ field: 'standing', label: 'Standing', before: 'Paused', after: 'Good standing' }]);
    const amount = { entity: 'invoice', before: { amount_due: 120_000, status: 'open' }, after: { amount_due: 95_050, status: 'uncollectible' }, currency: 'EUR' };
    expect(auditFieldChanges(amount).map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual(['Amount due: €1,200.00 → €950.50', 'Status: Open → Written off']);
    expect(auditDescription({ action: 'payment.create', before: null, after: { amount: 12_050, currency: 'GBP', invoice_number: 'INV-7' } }, 'Acme Ltd'))
      .toBe('recorded a payment of £120.50 against invoice “INV-7” from Acme Ltd');
    // What was done with a reply, as its page says it, not its code.
    const triaged = { action: 'inbound.triage', before: { triage_action: null }, after: { triage_action: 'record_promise', promised_on: '2026-12-15' } };
    expect(auditFieldChanges(triaged).find((c) => c.field === 'triage_action')).toEqual({ field: 'triage_action', label: 'Action', before: 'none', after: 'Promise recorded' });
  });

  it('words settings in the screens’ own terms, and a secret change without the secret', () => {
    const mode = { action: 'settings.email.sending_mode.update', before: { sending_mode: 'dryrun' }, after: { sending_mode: 'sending' } };
    expect(auditDescription(mode, null)).toBe('changed the sending mode from Dry run to Sending');
    const password = { action: 'settings.email.mail_server.update', before: { password: '[redacted]' }, after: { password: '[redacted]' } };
    expect(auditDescription(password, null)).toBe('changed the mail server’s password');
    // The same on both sides reads the same: a secret that changed is still said to have changed.
    expect(auditFieldChanges(password)).toEqual([]);
    expect(auditFieldChanges({ before: { working_days: [1, 2, 3] }, after: { working_days: [1, 2, 3, 4, 5] } })[0]?.after).toBe('Monday, Tuesday, Wednesday, Thursday, Friday');
  });

  it('names the person a team change is about, in the roles’ own words', () => {
    const role = { action: 'team.member.role', before: { name: 'Sam Lee', email: 'sam@acme.test', role: 'member' }, after: { role: 'admin' } };
    expect(auditDescription(role, null)).toBe('changed the role of Sam Lee from Member to Admin');
    expect(auditFieldChanges(role)).toEqual([{ field: 'role', label: 'Role', before: 'Member', after: 'Admin' }]);
    expect(auditDescription({ action: 'team.member.join', before: null, after: { name: 'Casey', email: 'c@acme.test', role: 'admin' } }, null))
      .toBe('joined the team as an admin');
  });

  it('shows a recorded instant as its day, and a creation without its empty fields', () => {
    const invited = auditFieldChanges({ before: null, after: { expires_at: '2026-12-03T16:49:42.478Z', external_ref: null } });
    expect(invited).toEqual([{ field: 'expires_at', label: 'Expires on', before: 'none', after: '3 December 2026' }]);
  });

  it('says an import in one sentence with its counts', () => {
    const done = { action: 'import.finish', before: null, after: { filename: 'invoices.csv', status: 'completed', invoices_created: 53, invoices_updated: 4, customers_created: 2, rows_refused: 0 } };
    expect(auditDescription(done, null)).toBe('imported “invoices.csv”: 53 invoices added, 4 invoices updated, 2 customers added');
    const failed = { action: 'import.finish', before: null, after: { filename: 'big.csv', status: 'failed', invoices_created: 1, rows_refused: 2 } };
    expect(auditDescription(failed, null)).toBe('imported “big.csv” until it stopped on an error: 1 invoice added, 2 rows refused');
  });

  it('still reads for an action this version does not know, without its code', () => {
    expect(auditDescription({ action: 'team.invite', before: null, after: { email: 'a@b.test' } }, null)).toBe('made a change (Team)');
  });
});
