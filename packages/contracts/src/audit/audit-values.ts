import { formatMajorUnits } from '../common/money';
import { PAUSE_REASON_LABELS, type PauseReason, type Standing } from '../customers/customer';
import { STANDING_LABELS } from '../customers/standing-labels';
import type { SendingMode } from '../settings/chasing-settings';
import { type Role, ROLE_LABELS } from '../team/permissions';

/** What a secret reads as in an entry's before and after (decision 0027). */
export const AUDIT_REDACTED = '[redacted]';

export const AUDIT_SENDING_MODE_LABELS: Record<SendingMode, string> = { dryrun: 'Dry run', sending: 'Sending', disabled: 'Disabled' };

/**
 * Field names in words, for the audit log and the customer timeline alike; any other name is
 * written out from its snake_case ("Name", "Phone", "Issued on").
 */
const FIELD_LABELS: Record<string, string> = {
  amount_due: 'Amount due',
  customer_id: 'Customer',
  delay_days: 'Days after',
  due_date: 'Due date',
  email_id: 'Template',
  external_id: 'External ID',
  external_ref: 'External reference',
  from_email: 'From address',
  from_name: 'From name',
  paused_until: 'Paused until',
  payment_url: 'Payment link',
  pause_on_reply: 'Pause on reply',
  reply_to_domain: 'Reply-to domain',
  sending_mode: 'Sending mode',
  triage_action: 'Action',
  workflow_id: 'Workflow',
};

/** "Sending mode" for `sending_mode`. */
export function auditFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** "3 Dec 2026, 16:49 UTC": the log is read in many places, so its instants say their zone. */
const instantText = (iso: string): string =>
  `${new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

const isKey = <T extends string>(labels: Record<T, string>, value: unknown): value is T => typeof value === 'string' && value in labels;

/**
 * A recorded value in words: "none", "Yes", "Dry run", "hidden" for a secret, a list joined by
 * commas; an amount in major units when the entry says its currency.
 */
export function auditValueText(field: string, value: unknown, currency?: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (value === AUDIT_REDACTED) return 'hidden';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'sending_mode' && isKey(AUDIT_SENDING_MODE_LABELS, value)) return AUDIT_SENDING_MODE_LABELS[value];
  if (field === 'standing' && isKey<Standing>(STANDING_LABELS, value)) return STANDING_LABELS[value];
  if (field === 'reason' && isKey<PauseReason>(PAUSE_REASON_LABELS, value)) return PAUSE_REASON_LABELS[value];
  if (field === 'role' && isKey<Role>(ROLE_LABELS, value)) return ROLE_LABELS[value];
  if ((field === 'amount_due' || field === 'amount') && typeof value === 'number' && typeof currency === 'string') {
    return `${formatMajorUnits(value, currency)} ${currency}`;
  }
  // An instant (an invitation's expiry, a payment's time) as a person reads one, not as stored.
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return instantText(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One changed field: its label and its value before and after, in words. */
export interface AuditFieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * The fields an entry changed, in words, for its before → after list. A creation lists what it
 * set (before "none"), a deletion what it removed.
 */
export function auditFieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const currencyOf = (values: Record<string, unknown> | null) => values?.currency;
  return fields.map((field) => ({
    field,
    label: auditFieldLabel(field),
    before: auditValueText(field, before?.[field], currencyOf(before) ?? currencyOf(after)),
    after: auditValueText(field, after?.[field], currencyOf(after) ?? currencyOf(before)),
  }));
}
