import { formatMajorUnits, formatMoney } from '../common/money';
import { PAUSE_REASON_LABELS, type PauseReason, type Standing } from '../customers/customer';
import { STANDING_LABELS } from '../customers/standing-labels';
import { EMAIL_KIND_LABELS, type EmailKind, type Tone, TONE_LABELS } from '../emails/email-template';
import { EVENT_STATUS_LABELS, type EventStatus, STATUS_REASON_LABELS, type StatusReason } from '../events/event';
import type { ImportStatus } from '../imports/customer-import';
import { TRIAGE_DONE_LABELS, type TriageAction } from '../inbound/inbound';
import type { InvoiceStatus } from '../invoices/invoice';
import { type SendingMode, WEEKDAY_LABELS } from '../settings/chasing-settings';
import type { SmtpSecurity } from '../settings/email-settings';
import { type Role, ROLE_LABELS } from '../team/permissions';

/** What a secret reads as in an entry's before and after (decision 0027). */
export const AUDIT_REDACTED = '[redacted]';

export const AUDIT_SENDING_MODE_LABELS: Record<SendingMode, string> = { dryrun: 'Dry run', sending: 'Sending', disabled: 'Disabled' };

/** An invoice's status as the customer page's chips say it. */
const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { open: 'Open', paid: 'Paid', void: 'Void', uncollectible: 'Written off' };
/** A mail server's security as Settings → Email offers it. */
const SMTP_SECURITY_WORDS: Record<SmtpSecurity, string> = { starttls: 'STARTTLS', tls: 'TLS from the start', none: 'None (unencrypted)' };
/** An import's status as Settings → Import says it. */
const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Not started',
  queued: 'Waiting to start',
  running: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
};

/**
 * What the thing an id names is called once it is gone ("a deleted workflow"): the fields that
 * hold an id, by what they point at (decision 0041). Names are resolved when the log is read, so
 * an entry written before this reads right too.
 */
export type AuditReferenceKind = 'customer' | 'workflow' | 'template' | 'invoice' | 'tag' | 'email' | 'workflow step';
export const AUDIT_REFERENCE_FIELDS: Record<string, AuditReferenceKind> = {
  customer_id: 'customer',
  workflow_id: 'workflow',
  duplicate_of: 'workflow',
  reassign_to: 'workflow',
  email_id: 'template',
  invoice_id: 'invoice',
  tag_id: 'tag',
  event_id: 'email',
  answers_event_id: 'email',
  inbound_email_id: 'email',
};

/** What an empty value means where "none" would mislead: a customer with no workflow of its own follows the default (docs/domain.md). */
const EMPTY_WORDS: Record<string, string> = { workflow_id: 'the default workflow', reassign_to: 'the default workflow' };

/** The names of what an entry's ids point at, by id, as they are now; an id not here names something deleted. */
export type AuditNames = Readonly<Record<string, string>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id an entry's values point at (the server looks their names up in one read per page). */
export function auditReferencedIds(values: Record<string, unknown> | null): string[] {
  if (!values) return [];
  return Object.entries(values).flatMap(([field, value]) => (field in AUDIT_REFERENCE_FIELDS && typeof value === 'string' && UUID.test(value) ? [value] : []));
}

/**
 * Field names in words, for the audit log and the customer timeline alike; any other name is
 * written out from its snake_case ("Name", "Phone", "Issued on").
 */
const FIELD_LABELS: Record<string, string> = {
  action_order: 'Order of steps',
  amount_due: 'Amount due',
  amount_paid: 'Amount paid',
  amount_remaining: 'Left to pay',
  customer_id: 'Customer',
  customers_moved: 'Customers moved',
  default_currency: 'Default currency',
  delay_days: 'Days after',
  due_date: 'Due date',
  duplicate_of: 'Copied from',
  email_id: 'Template',
  enabled: 'On',
  event_id: 'Email',
  answers_event_id: 'In answer to',
  inbound_email_id: 'Reply',
  expires_at: 'Expires on',
  external_id: 'Reference',
  external_ref: 'Reference',
  from_email: 'From address',
  from_name: 'From name',
  invoice_id: 'Invoice',
  invoice_number: 'Invoice',
  is_default: 'Default workflow',
  paid_at: 'Paid on',
  paused_until: 'Paused until',
  payment_url: 'Payment link',
  pause_on_reply: 'Pause on reply',
  promised_on: 'Promised for',
  reassign_to: 'Customers moved to',
  repeat_days: 'Repeat every (days)',
  reply_to_domain: 'Reply-to domain',
  send_window_end: 'Send window ends',
  send_window_start: 'Send window starts',
  sending_mode: 'Sending mode',
  status_reason: 'Why',
  stripe_customer: 'Stripe customer',
  stripe_deleted_at: 'Deleted in Stripe on',
  tag_id: 'Tag',
  triage_action: 'Action',
  undeliverable: 'Undeliverable because',
  weekly_cap: 'Emails a week at most',
  workflow_id: 'Workflow',
  working_days: 'Working days',
};

/** "Sending mode" for `sending_mode`. */
export function auditFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const LONG_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONEY_FIELDS = new Set(['amount', 'amount_due', 'amount_paid', 'amount_remaining']);

/**
 * "15 December 2026": the one way the log writes a day, whether it was recorded as a day (a pause's
 * end) or an instant (when a payment was made; its day in UTC). The entry's own time is the
 * screen's, written the same way with its time of day (decision 0041).
 */
export function auditDayText(value: string): string {
  const day = ISO_DAY.test(value) ? `${value}T00:00:00Z` : value;
  const date = new Date(day);
  return Number.isNaN(date.getTime()) ? value : LONG_DAY.format(date);
}

const isKey = <T extends string>(labels: Record<T, string>, value: unknown): value is T => typeof value === 'string' && value in labels;

/** What a value is read against: the entry's currency for amounts, the names of what ids point at, its entity for a status. */
export interface AuditValueContext {
  currency?: unknown;
  names?: AuditNames;
  entity?: string;
}

/** A status in the words of the screen that shows that kind of thing. */
function statusText(value: string, entity: string | undefined): string {
  if (entity === 'event' && isKey<EventStatus>(EVENT_STATUS_LABELS, value)) return EVENT_STATUS_LABELS[value];
  if (entity === 'invoice' && isKey<InvoiceStatus>(INVOICE_STATUS_LABELS, value)) return INVOICE_STATUS_LABELS[value];
  if (entity === 'customer_import' && isKey<ImportStatus>(IMPORT_STATUS_LABELS, value)) return IMPORT_STATUS_LABELS[value];
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An enumerated value in the screens' words, or null when the field is not one of those. */
function labelText(field: string, value: unknown, entity: string | undefined): string | null {
  if (field === 'sending_mode' && isKey(AUDIT_SENDING_MODE_LABELS, value)) return AUDIT_SENDING_MODE_LABELS[value];
  if (field === 'standing' && isKey<Standing>(STANDING_LABELS, value)) return STANDING_LABELS[value];
  if (field === 'reason' && isKey<PauseReason>(PAUSE_REASON_LABELS, value)) return PAUSE_REASON_LABELS[value];
  if (field === 'role' && isKey<Role>(ROLE_LABELS, value)) return ROLE_LABELS[value];
  if (field === 'status_reason' && isKey<StatusReason>(STATUS_REASON_LABELS, value)) return STATUS_REASON_LABELS[value];
  if (field === 'tone' && isKey<Tone>(TONE_LABELS, value)) return TONE_LABELS[value];
  if (field === 'security' && isKey<SmtpSecurity>(SMTP_SECURITY_WORDS, value)) return SMTP_SECURITY_WORDS[value];
  if (field === 'kind' && isKey<EmailKind>(EMAIL_KIND_LABELS, value)) return EMAIL_KIND_LABELS[value];
  if (field === 'triage_action' && isKey<TriageAction>(TRIAGE_DONE_LABELS, value)) return TRIAGE_DONE_LABELS[value];
  if (field === 'status' && typeof value === 'string') return statusText(value, entity);
  if (field === 'working_days' && Array.isArray(value)) return value.map((d) => WEEKDAY_LABELS[Number(d) - 1] ?? String(d)).join(', ');
  // A workflow's steps in a new order: their ids say nothing to a person.
  if (field === 'action_order') return 'changed';
  return null;
}

/**
 * A recorded value in words: "none", "Yes", "Dry run", "hidden" for a secret, a name for an id
 * ("a deleted workflow" once it is gone), a day as "15 December 2026", an amount as money in its
 * currency ("£1,200.00"), a list joined by commas.
 */
export function auditValueText(field: string, value: unknown, context: AuditValueContext = {}): string {
  if (value === null || value === undefined || value === '') return EMPTY_WORDS[field] ?? 'none';
  if (value === AUDIT_REDACTED) return 'hidden';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const kind = AUDIT_REFERENCE_FIELDS[field];
  if (kind && typeof value === 'string' && UUID.test(value)) return context.names?.[value] ?? `a deleted ${kind}`;
  const label = labelText(field, value, context.entity);
  if (label !== null) return label;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') {
    return typeof context.currency === 'string' ? formatMoney(value, context.currency) : formatMajorUnits(value, 'GBP');
  }
  if (typeof value === 'string' && (ISO_INSTANT.test(value) || ISO_DAY.test(value))) return auditDayText(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => auditValueText(field, v, context)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${auditFieldLabel(key)}: ${auditValueText(key, inner, context)}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

/** One changed field: its label and its value before and after, in words. */
export interface AuditFieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** An entry as its changes are read: what it recorded, the names of what its ids point at, what it changed. */
export interface AuditChangeSource {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  names?: AuditNames;
  entity?: string;
  /** The currency of its customer, for amounts recorded without one. */
  currency?: string | null;
}

/**
 * The fields an entry changed, in words, for its before → after list (decision 0041). A creation
 * lists what it set, a deletion what it removed; an update only what differs, as a person reads
 * it: a field recorded on one side only is context the sentence already gives (an email's subject,
 * a member's name), and a field that reads the same on both sides ("none → none") is left out.
 */
export function auditFieldChanges(entry: AuditChangeSource): AuditFieldChange[] {
  const { before, after } = entry;
  const isUpdate = before !== null && after !== null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const currency = before?.currency ?? after?.currency ?? entry.currency;
  const context = (values: Record<string, unknown> | null): AuditValueContext => ({
    currency: values?.currency ?? currency,
    ...(entry.names ? { names: entry.names } : {}),
    ...(entry.entity ? { entity: entry.entity } : {}),
  });
  return fields.flatMap((field) => {
    if (isUpdate && !(field in before && field in after)) return [];
    const change = {
      field,
      label: auditFieldLabel(field),
      before: auditValueText(field, before?.[field], context(before)),
      after: auditValueText(field, after?.[field], context(after)),
    };
    if (change.before === change.after && isUpdate) return [];
    // What a creation left empty, or a deletion found empty, says nothing.
    if ((before === null && change.after === 'none') || (after === null && change.before === 'none')) return [];
    return [change];
  });
}
