import { randomUUID } from 'node:crypto';

import { expect, type Page } from '@playwright/test';

import { routeRepliesTo, seedDebtor, seedDeliveredEmail } from './data';
import { postInbound, rawEmail } from './inbound';

/** The reminder the replies answer, and the subject a reply gives it. */
export const REMINDER = 'Your account with Journeys Receivables is overdue';
export const REPLY = `RE: ${REMINDER}`;
const DISPUTE = ['Hello,', '', 'We dispute invoice INV-1 — the goods never arrived.', '', 'Priya Natarajan', 'Northwind Traders', '', '> Our records show £1,234.50 overdue.'];

/** A debtor with a reminder we sent, answerable by its Message-ID. */
export async function seedRemindedDebtor(orgId: string, name: string, email: string) {
  const customerId = await seedDebtor(orgId, { name, currency: 'GBP', overdue: [[123_450, 20]], email });
  const messageId = `<${randomUUID()}@mail.journeys-receivables.example>`;
  const eventId = await seedDeliveredEmail(orgId, customerId, { subject: REMINDER, to: email, hoursAgo: 26, messageId, smtpResponse: '250 2.0.0 OK queued' });
  await routeRepliesTo(orgId, { eventId, messageId });
  return { customerId, eventId, messageId };
}

/** Northwind's reminder and Priya's reply disputing it, through the webhook as a forwarding service sends it. */
export async function receiveDispute(page: Page, orgId: string, secret: string) {
  const sent = await seedRemindedDebtor(orgId, 'Northwind Traders', 'priya@northwind.example');
  const raw = rawEmail({
    from: 'Priya Natarajan <priya@northwind.example>',
    subject: REPLY,
    inReplyTo: sent.messageId,
    text: DISPUTE,
    attachment: { filename: 'delivery-note.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n% a delivery note\n') },
  });
  const received = await postInbound(page.request, secret, raw);
  expect(received).toMatchObject({ status: 'stored', kind: 'reply', customer_id: sent.customerId, paused: true });
  if (!received.event_id) throw new Error('the reply made no event');
  return { ...sent, replyId: received.event_id };
}

/** Priya asks for a copy of the invoice, answering the reminder `messageId`; the request's event id. */
export async function receiveCopyRequest(page: Page, secret: string, messageId: string): Promise<string> {
  const asking = rawEmail({
    from: 'Priya Natarajan <priya@northwind.example>',
    subject: REPLY,
    inReplyTo: messageId,
    text: ['Hello,', '', 'Could you send me a copy of the invoice? I cannot find it anywhere.', '', 'Priya'],
  });
  const received = await postInbound(page.request, secret, asking);
  if (!received.event_id) throw new Error('the request made no event');
  return received.event_id;
}
