import type { EventDetail, EventRow, InboundEmailDetail, InboundEmailRow } from '@receivables/contracts';

import { customerRecord } from './customer-data';
import { EVENT_ID, eventDetail, eventRow } from './event-data';

/** The incoming event a reply became, and the message behind it. */
export const REPLY_EVENT_ID = '55555555-5555-4555-8555-555555555552';
export const INBOUND_ID = '66666666-6666-4666-8666-666666666661';
export const RECEIVED_AT = '2026-11-06T10:15:00.000Z';

const PRIYA = { address: 'priya@northwind.example', name: 'Priya Natarajan' };

/** An unassigned message as `GET /api/inbound/unassigned/` lists it: a reply nobody has placed. */
export function inboundRow(overrides: Partial<InboundEmailRow> = {}): InboundEmailRow {
  return {
    id: INBOUND_ID,
    kind: 'reply',
    from: PRIYA,
    subject: 'RE: Reminder: invoice INV-1042 is overdue',
    snippet: 'We dispute invoice INV-1042 — the goods never arrived.',
    received_at: RECEIVED_AT,
    read: false,
    customer_id: null,
    event_id: null,
    suggested_customer: null,
    ...overrides,
  };
}

/** A reply as received and read: on Acme, answering the reminder, disputing the debt. */
export function inboundDetail(overrides: Partial<InboundEmailDetail> = {}): InboundEmailDetail {
  return {
    ...inboundRow({ customer_id: customerRecord().id, event_id: REPLY_EVENT_ID }),
    to: ['reply+abc@replies.acme.test'],
    visible_text: 'Hello,\n\nWe dispute invoice INV-1042 — the goods never arrived.\n\nPriya',
    text: 'Hello,\n\nWe dispute invoice INV-1042 — the goods never arrived.\n\nPriya\n\n> A friendly reminder about £1,234.56',
    html: '<p>Hello,</p><p>We dispute invoice INV-1042 — the goods never arrived.</p><p>Priya</p>',
    attachments: [],
    matched_by: 'message_id',
    answers_event_id: EVENT_ID,
    auto_reply: null,
    triage: { category: 'dispute', matches: ['dispute', 'never arrived'], promised_on: null, new_contact: null },
    triage_action: null,
    triage_acted_at: null,
    triage_actor_name: null,
    answer_event_id: null,
    ...overrides,
  };
}

/** Activity's row of the reply: from Priya, unread. */
export function replyRow(overrides: Partial<EventRow> = {}): EventRow {
  return eventRow({
    id: REPLY_EVENT_ID,
    direction: 'inbox',
    status: 'incoming',
    kind: null,
    tone: null,
    email_name: null,
    subject: 'RE: Reminder: invoice INV-1042 is overdue',
    to: [{ name: null, email: 'reply+abc@replies.acme.test' }],
    at: RECEIVED_AT,
    scheduled_for: null,
    sent_at: RECEIVED_AT,
    inbound: { kind: 'reply', from: PRIYA, read: false, snippet: 'Hi, we will pay this on Friday 28 November. Regards, Priya', triage: 'promise' },
    ...overrides,
  });
}

/** The reply's page: the message, and the conversation with the reminder it answers. */
export function replyEventDetail(reply: Partial<InboundEmailDetail> = {}, overrides: Partial<EventDetail> = {}): EventDetail {
  const row = replyRow();
  return eventDetail({
    ...row,
    cc: [],
    from: 'Priya Natarajan <priya@northwind.example>',
    html: inboundDetail().html ?? '',
    text: inboundDetail().text,
    workflow: null,
    standing: null,
    due_day: null,
    history: [{ status: 'incoming', reason: null, actor_id: null, actor_name: null, at: RECEIVED_AT }],
    can_cancel: false,
    can_execute: false,
    live_render: false,
    live_render_day: null,
    reply: inboundDetail(reply),
    thread: [
      { event_id: EVENT_ID, direction: 'outbox', subject: 'Reminder: invoice INV-1042 is overdue', from: 'Acme Receivables <ar@acme.test>', at: '2026-11-05T09:00:00.000Z', inbound_kind: null },
      { event_id: REPLY_EVENT_ID, direction: 'inbox', subject: row.subject, from: 'Priya Natarajan <priya@northwind.example>', at: RECEIVED_AT, inbound_kind: 'reply' },
    ],
    ...overrides,
  });
}
