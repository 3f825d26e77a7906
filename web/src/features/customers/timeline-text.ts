import {
  auditActionFamily,
  auditFamilyLabel,
  auditFieldChanges,
  CALL_OUTCOME_LABELS,
  type DataSource,
  EMAIL_KIND_LABELS,
  PAUSE_REASON_LABELS,
  pauseReasonSchema,
  STATUS_REASON_LABELS,
  STRIPE_DELETED_WORDS,
  triageActionSchema,
  type TimelineItem,
  type TriageAction,
  type TransitionReason,
} from '@receivables/contracts';

import { formatLongDate, formatMoney, formatTime } from '../../lib/format';

import { onAccountText } from './payment-note';
import { STANDING_LABELS } from './standing-labels';

/** Why the standing moved, in words; the reason codes are docs/domain.md's. */
export const TRANSITION_REASONS: Record<TransitionReason, string> = {
  days_passed: 'an invoice became overdue',
  to_multiple: 'another invoice became overdue',
  to_single: 'only one invoice is still overdue',
  debt_paid: 'the overdue debt was paid',
  debt_voided: 'the overdue invoices were voided',
};

type EditItem = Extract<TimelineItem, { kind: 'edit' }>;

const INVOICE_SOURCE_WORDS: Record<DataSource, string> = { csv: ' (imported)', stripe: ' (from Stripe)', api: '' };
type EmailItem = Extract<TimelineItem, { kind: 'email' }>;
type NoteItem = Extract<TimelineItem, { kind: 'note' }>;

/** A reason's sentence as the end of another one: "— the overdue debt was paid". */
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
/** The audit log's words, which follow a person's name there, as a sentence of their own. */
const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function describeTags(item: EditItem): string {
  const change = item.changes.tags;
  if (!change) return 'Tags changed';
  const before = stringList(change.from);
  const after = stringList(change.to);
  const added = after.filter((t) => !before.includes(t));
  const removed = before.filter((t) => !after.includes(t));
  const parts = [
    added.length > 0 ? `added ${added.join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Tags changed: ${parts.join('; ')}` : 'Tags changed';
}

/**
 * What an edit changed, in the audit log's words (contracts: labels, names for ids, days, money,
 * statuses; decision 0041): "payment link set to https://…", "amount due changed from £1,200.00
 * to £950.50", "workflow removed". Nothing for a field that reads the same before and after.
 */
export function editChangeWords(item: EditItem): string[] {
  const side = (pick: 'from' | 'to') => Object.fromEntries(Object.entries(item.changes).map(([field, change]) => [field, change[pick]]));
  return auditFieldChanges({ before: side('from'), after: side('to'), names: item.names, entity: item.entity, currency: item.currency }).map((change) => {
    const label = lowerFirst(change.label);
    if (change.before === 'none') return `${label} set to ${change.after}`;
    if (change.after === 'none') return `${label} removed`;
    return `${label} changed from ${change.before} to ${change.after}`;
  });
}

/** "Name changed from Acme to Acme Ltd; workflow set to Gentle chasing", or '' when nothing reads as changed. */
function describeFields(item: EditItem): string {
  return upperFirst(editChangeWords(item).join('; '));
}

/** "Invoice INV-1042" by its number as it is now (or as the entry recorded it); "A deleted invoice" once it is gone. */
export function editInvoiceName(item: EditItem): string {
  const recorded = item.changes.number?.to ?? item.changes.number?.from;
  const number = item.names[item.entity_id] ?? (typeof recorded === 'string' ? recorded : null);
  return number === null ? 'A deleted invoice' : `Invoice ${number}`;
}

/** "Invoice INV-1042: payment link set to https://…", naming the invoice it concerns. */
function describeInvoiceEdit(item: EditItem): string {
  const words = editChangeWords(item).filter((w) => !w.startsWith('number '));
  if (item.action === 'invoice.create') return `${editInvoiceName(item)} added by hand`;
  const how = item.action === 'invoice.import' ? ', by an import' : '';
  return `${editInvoiceName(item)}${how}${words.length > 0 ? `: ${words.join('; ')}` : ' changed'}`;
}

function describeContact(item: EditItem): string {
  const role = item.changes.role;
  if (role && role.from === null) {
    const who = [item.changes.name?.to, item.changes.email?.to].filter((v) => typeof v === 'string' && v !== '').join(', ');
    return `${role.to === 'escalation' ? 'Escalation' : 'Primary'} contact added${who ? `: ${who}` : ''}`;
  }
  return `Contact updated: ${editChangeWords(item).join('; ') || 'no field reads as changed'}`;
}

/**
 * A pause, and why when the system made it (decision 0021): "Paused — the customer replied",
 * "Paused until 10 December 2026 — the contact is out of the office". A person's pause has no reason.
 */
function describePause(item: EditItem): string {
  const until = item.changes.paused_until?.to;
  const reason = pauseReasonSchema.safeParse(item.changes.reason?.to);
  if (!reason.success) return typeof until === 'string' ? `Paused until ${formatLongDate(until)}` : 'Paused indefinitely';
  const why = lowerFirst(PAUSE_REASON_LABELS[reason.data]);
  return typeof until === 'string' ? `Paused until ${formatLongDate(until)} — ${why}` : `Paused — ${why}`;
}

/**
 * What a person did about a reply. Marking it paid pauses for the server's payment check
 * (PAYMENT_CHECK_DAYS, decision 0021: "pause for 7 days while the payment is looked for").
 */
function describeTriage(item: EditItem): string {
  const action = triageActionSchema.safeParse(item.changes.triage_action?.to);
  if (!action.success) return 'A reply was acted on';
  const promisedOn = item.changes.promised_on?.to;
  const words: Record<TriageAction, string> = {
    mark_paid: 'Marked as paid, pending a check (paused 7 days)',
    record_promise: typeof promisedOn === 'string' ? `Promise to pay recorded for ${formatLongDate(promisedOn)}` : 'Promise to pay recorded',
    mark_disputed: 'Marked disputed',
    replace_contact: 'Contact replaced from a reply',
    send_copy: 'Invoice copy sent in answer to a reply',
    pause: 'Paused from a reply',
    dismiss: 'Reply suggestion dismissed',
  };
  return words[action.data];
}

/**
 * The email an entry opens (`/emails/{id}`): an email its own page; an edit a received email
 * caused (a pause on reply, a triage action, an email attached by hand) that email; else null.
 */
export function timelineEventId(item: TimelineItem): string | null {
  if (item.kind === 'email') return item.event_id;
  if (item.kind !== 'edit') return null;
  const eventId = item.changes.event_id?.to;
  return typeof eventId === 'string' && eventId !== '' ? eventId : null;
}

function describeEdit(item: EditItem): string {
  switch (item.action) {
    case 'customer.create':
      return 'Customer created';
    case 'customer.update':
      return describeFields(item) || 'Customer updated';
    case 'customer.pause':
      return describePause(item);
    case 'customer.resume': {
      const standing = item.changes.standing?.to;
      return typeof standing === 'string' && standing in STANDING_LABELS
        ? `Resumed — now ${STANDING_LABELS[standing as keyof typeof STANDING_LABELS]}`
        : 'Resumed';
    }
    case 'customer.tags':
      return describeTags(item);
    case 'customer.stripe_delete':
      return upperFirst(STRIPE_DELETED_WORDS);
    case 'contact.upsert':
      return describeContact(item);
    case 'invoice.update':
    case 'invoice.upsert':
    case 'invoice.import':
    case 'invoice.create':
      return describeInvoiceEdit(item);
    case 'contact.undeliverable': {
      const reason = item.changes.undeliverable?.to;
      return `Address ${show(item.changes.email?.to)} bounced${typeof reason === 'string' && reason ? `: ${reason}` : ''}`;
    }
    case 'inbound.assign':
      return 'A received email was attached to this customer';
    case 'inbound.triage':
      return describeTriage(item);
    default:
      // Never the action's code: its family in words when the change itself says nothing.
      return describeFields(item) || `${auditFamilyLabel(auditActionFamily(item.action))} changed`;
  }
}

/**
 * An email by what it is and where it stands: a planned or superseded one by its template (its
 * words are not final), one that went or came by its subject.
 */
function describeEmail(item: EmailItem): string {
  const kind = item.email_kind ? EMAIL_KIND_LABELS[item.email_kind] : 'Email';
  const template = item.email_name ?? item.subject ?? '(no subject)';
  const subject = item.subject ?? item.email_name ?? '(no subject)';
  switch (item.status) {
    case 'pending':
      return `${kind} planned: ${template}`;
    case 'superseded': {
      const why = item.status_reason ? ` — ${lowerFirst(STATUS_REASON_LABELS[item.status_reason])}` : '';
      return `${kind} not sent: ${template}${why}`;
    }
    case 'success':
      return `${kind} sent: ${subject}`;
    case 'draft_success':
      return `${kind} draft kept (dry run): ${subject}`;
    case 'failure':
      return `${kind} failed to send: ${subject}`;
    case 'incoming':
      return `Reply received: ${subject}`;
    case 'unknown':
      return `${kind} may not have been sent (its outcome is unknown): ${subject}`;
  }
}

/** The longest part of a note the timeline quotes; the Notes and calls card has it whole. */
const NOTE_QUOTE_MAX = 200;

/**
 * A note or a logged call (decision 0043): "Call with Jane Smith: left a message — “Will pay
 * Friday” · Follow up on 3 December 2026", or "Note: …"; a follow-up done says so.
 */
function describeNote(item: NoteItem): string {
  const body = item.body.length > NOTE_QUOTE_MAX ? `${item.body.slice(0, NOTE_QUOTE_MAX).trimEnd()}…` : item.body;
  const what =
    item.note_kind === 'call'
      ? `Call with ${item.contact_name ?? 'someone'}${item.outcome ? `: ${CALL_OUTCOME_LABELS[item.outcome].toLowerCase()}` : ''}${body ? ` — “${body}”` : ''}`
      : `Note: ${body}`;
  if (item.follow_up_on === null) return what;
  return `${what} · ${item.follow_up_done_at ? 'Followed up' : `Follow up on ${formatLongDate(item.follow_up_on)}`}`;
}

/** One timeline entry as a sentence a finance person would write. */
export function describeTimelineItem(item: TimelineItem): string {
  switch (item.kind) {
    case 'standing_transition':
      return `Moved from ${STANDING_LABELS[item.from]} to ${STANDING_LABELS[item.to]} — ${TRANSITION_REASONS[item.reason]}`;
    case 'payment': {
      const amount = formatMoney(item.amount, item.currency);
      if (item.invoice_number) return `Payment of ${amount} received for ${item.invoice_number}`;
      return `Payment of ${amount} received ${lowerFirst(onAccountText(item.amount, item.currency, item.allocations))}`;
    }
    case 'invoice':
      // An import records no entry per invoice (decision 0041): the invoice itself says how it came.
      return `Invoice ${item.number} for ${formatMoney(item.amount_due, item.currency)} issued${INVOICE_SOURCE_WORDS[item.source]}`;
    case 'edit':
      return describeEdit(item);
    case 'email':
      return describeEmail(item);
    case 'note':
      return describeNote(item);
  }
}

/**
 * Who did it: a person's edit names them, what the system did on its own says "System". Invoices
 * and payments are money arriving from their source, not anyone's action, so they name no one.
 */
export function describeTimelineActor(item: TimelineItem): string | null {
  switch (item.kind) {
    case 'edit':
      if (item.actor_id === null) return 'System';
      return item.actor_name ?? 'A former user';
    case 'standing_transition':
      return 'System';
    case 'email':
      // A person who cancelled it is named; a reply is the customer's, not anyone's here.
      if (item.actor_id !== null) return item.actor_name ?? 'A former user';
      return item.direction === 'inbox' ? null : 'System';
    case 'payment':
    case 'invoice':
      return null;
    case 'note':
      return item.actor_id === null ? null : (item.actor_name ?? 'A former user');
  }
}

/** When it happened: the day an invoice was issued, the date and time of anything else. */
export function describeTimelineWhen(item: TimelineItem): string {
  if (item.kind === 'invoice') return formatLongDate(item.issued_on);
  return `${formatLongDate(item.at)}, ${formatTime(item.at)}`;
}
