import { randomUUID } from 'node:crypto';

import { expect, type Page } from '@playwright/test';
import { type AccountList, accountListSchema } from '@receivables/contracts';

import { seedDebtor, seedDeliveredEmail, seedFailedEmail, seedPaidInvoice, seedPlannedEmail, seedSentEmail, seedUnknownEmail } from './data';
import { makeInboundSecret, postInbound, rawEmail } from './inbound';
import { REMINDER, receiveDispute, seedRemindedDebtor } from './replies';
import { starterPlan } from './starter-plan';

/** The debtor most screens are shown with, and the name its emails are addressed under. */
export const SUPPLIES = 'Screenshot Supplies Ltd';

/**
 * What the tour's screens show (tour.spec.ts): two debtors in two currencies, the first with a
 * payment, reminders planned for both and one already sent, as the scheduler and sender leave them,
 * and three emails the sender handed off to a mail server: delivered, unknown and refused.
 */
export async function seedScreens(page: Page, orgId: string) {
  const customerId = await seedDebtor(orgId, { name: SUPPLIES, currency: 'GBP', overdue: [[1_234_500, 40], [50_000, 12]], lastChaseAt: '2026-11-10T09:00:00Z' });
  const secondId = await seedDebtor(orgId, { name: 'Second Street Studios', currency: 'EUR', overdue: [[640_000, 18]] });
  await seedPaidInvoice(orgId, customerId, { number: 'INV-AXE-1', currency: 'GBP', amountDue: 20_000, paid: 5_000, dueDaysAgo: 20, paidDaysAgo: 3 });
  const plan = await starterPlan(page.request);
  const plannedId = await seedPlannedEmail(orgId, customerId, { ...plan, inHours: 26, subject: 'A friendly reminder', to: 'accounts@screenshot.example' });
  await seedPlannedEmail(orgId, secondId, { ...plan, inHours: 98, subject: 'A friendly reminder from us', to: 'ap@second-street.example' });
  await seedSentEmail(orgId, customerId, { subject: 'Your account: two invoices overdue', to: 'accounts@screenshot.example', daysAgo: 3 });
  const delivered = await seedDeliveredEmail(orgId, customerId, {
    subject: `Your account with ${SUPPLIES}`,
    to: 'accounts@screenshot.example',
    hoursAgo: 3,
    messageId: '<7f9c2d1e-4b3a-4f6e-9d8c-2a1b0c9d8e7f@mail.screenshot-receivables.example>',
    smtpResponse: '250 2.0.0 OK  1732361102 a640c23a62f3a-aa5b2f1c3d1si7123453 - gsmtp',
    plan,
  });
  const unknown = await seedUnknownEmail(orgId, customerId, {
    subject: 'A second reminder about £12,345.00',
    to: 'accounts@screenshot.example',
    hoursAgo: 1,
    messageId: '<0d4e6f8a-1b2c-4d3e-8f5a-6b7c8d9e0f1a@mail.screenshot-receivables.example>',
    plan,
  });
  const failed = await seedFailedEmail(orgId, customerId, {
    subject: 'Your statement from Journeys Receivables',
    to: 'accounts@screenshot.example',
    hoursAgo: 5,
    messageId: '<2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f@mail.screenshot-receivables.example>',
    smtpResponse: '550 5.1.1 <accounts@screenshot.example>: Recipient address rejected: User unknown in virtual mailbox table',
    plan,
  });
  return { customerId, plannedId, delivered, unknown, failed };
}

/**
 * What the inbox shows: a disputed reply, an out-of-office, a promise (left unread) and a message
 * nobody matched, through the webhook as a forwarding service sends them. Northwind's reminder is
 * returned too, for a request for a copy later.
 */
export async function seedInbox(page: Page, orgId: string) {
  const secret = await makeInboundSecret(page.request);
  const dispute = await receiveDispute(page, orgId, secret);
  const globex = await seedRemindedDebtor(orgId, 'Globex Corporation International Holdings', 'sam.okafor@globex.example');
  const outOfOffice = await postInbound(
    page.request,
    secret,
    rawEmail({
      from: 'Sam Okafor <sam.okafor@globex.example>',
      subject: `Automatic reply: ${REMINDER}`,
      inReplyTo: globex.messageId,
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: ['Thank you for your email.', '', 'I am out of the office until Friday 4 December with limited access to email.', 'For anything urgent please contact Jane Doe <jane.doe@globex.example>.', '', 'Sam'],
    }),
  );
  const initech = await seedRemindedDebtor(orgId, 'Initech', 'bill@initech.example');
  await postInbound(
    page.request,
    secret,
    rawEmail({ from: 'Bill Lumbergh <bill@initech.example>', subject: `Re: ${REMINDER}`, inReplyTo: initech.messageId, text: ['Hi,', '', 'We will pay the balance by the end of next month.', '', 'Bill'] }),
  );
  const unassigned = await postInbound(
    page.request,
    secret,
    rawEmail({
      from: 'Accounts Payable <ap@unknown-supplier.example>',
      subject: 'Remittance advice for payment run 2026-47',
      text: ['Please find our remittance advice for this week’s payment run.', 'Regards, Accounts Payable'],
    }),
  );
  expect(unassigned).toMatchObject({ status: 'stored', customer_id: null });
  if (!outOfOffice.event_id) throw new Error('the out-of-office made no event');
  return { secret, replyId: dispute.replyId, northwindMessageId: dispute.messageId, outOfOfficeId: outOfOffice.event_id };
}

/**
 * An account whose sync stopped part-way, as `GET /api/accounts/` describes one. The fake Stripe
 * runs in global setup's process, where a journey cannot make it fail, so the answer is played.
 */
export function failedSyncList(): AccountList {
  const started = new Date(Date.now() - 5 * 60_000).toISOString();
  return accountListSchema.parse({
    rows: [
      {
        id: randomUUID(),
        provider: 'stripe',
        external_account_id: 'acct_1FailedSync',
        livemode: true,
        status: 'connected',
        connected_at: started,
        disconnected_at: null,
        disconnected_reason: null,
        last_synced_at: null,
        sync: {
          status: 'failed',
          stage: 'open_invoices',
          stage_number: 2,
          stage_count: 4,
          percent: 25,
          counts: { customers: 6, invoices: 4, payments: 0, skipped: 1 },
          problems: [{ object_id: 'in_1EuroInvoice', reason: 'It is in EUR, and its customer’s invoices are in GBP' }],
          error: 'Stripe answered: An unknown error occurred',
          started_at: started,
          finished_at: new Date(Date.now() - 4 * 60_000).toISOString(),
        },
      },
    ],
    total: 1,
  });
}
