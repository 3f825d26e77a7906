import { formatMoney } from '../common/money';
import { PAUSE_REASON_LABELS, type PauseReason } from '../customers/customer';
import { TRIAGE_ACTIONS, type TriageAction } from '../inbound/inbound';
import { NOTE_AUDIT_WORDS } from '../notes/note-audit-words';

import { auditActionFamily, auditFamilyLabel } from './audit-families';
import { type AuditNames, auditDayText, auditValueText } from './audit-values';

/** A piece of an entry's sentence: words, or the place the customer is named (a link on screen). */
export type AuditSentencePart = string | { customer: true };

type Values = Record<string, unknown> | null;
interface Described {
  action: string;
  before: Values;
  after: Values;
  /** The names of what its ids point at, the entity's own among them (decision 0041); an id not here is gone. */
  names?: AuditNames;
  entity?: string;
  entity_id?: string;
}

const C = { customer: true } as const;
const quoted = (value: unknown): string => (typeof value === 'string' && value !== '' ? ` “${value}”` : '');
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const TRIAGE_WORDS: Record<TriageAction, string> = {
  mark_paid: 'marked it paid, to be checked',
  record_promise: 'recorded a promise to pay',
  mark_disputed: 'marked the debt disputed',
  replace_contact: 'replaced the contact',
  send_copy: 'sent a copy of the open invoices',
  pause: 'paused chasing',
  dismiss: 'dismissed the suggestion',
};

/** How a value reads in this entry: its names, its entity's words for a status. */
const valueText = (e: Described, field: string, value: unknown): string =>
  auditValueText(field, value, { ...(e.names ? { names: e.names } : {}), ...(e.entity ? { entity: e.entity } : {}) });

/** "from Dry run to Sending" for one field that changed, or null when the entry is not that. */
function fromTo(e: Described, field: string): string | null {
  if (!e.after || !(field in e.after)) return null;
  return `from ${valueText(e, field, e.before?.[field])} to ${valueText(e, field, e.after[field])}`;
}

/** The entity's name as it is now, quoted (" “Standard chasing”"), else as recorded, else nothing. */
function named(e: Described, recorded?: unknown): string {
  const now = e.entity_id ? e.names?.[e.entity_id] : undefined;
  return quoted(now ?? recorded);
}

/** " to the workflow “Gentle”" for a customer moved between workflows; " back to the default workflow" when it has none of its own now. */
function workflowMove(e: Described): string {
  const to = e.after?.workflow_id;
  if (typeof to !== 'string') return ' back to the default workflow';
  const name = e.names?.[to];
  return name ? ` to the workflow${quoted(name)}` : ' to a workflow since deleted';
}

/** "53 invoices added, 4 updated, 2 customers added, 3 rows refused": an import's counts, the nonzero ones. */
function importCounts(values: Values): string {
  const count = (field: string): number => (typeof values?.[field] === 'number' ? (values[field]) : 0);
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
  const parts = [
    count('invoices_created') > 0 ? `${plural(count('invoices_created'), 'invoice', 'invoices')} added` : '',
    count('invoices_updated') > 0 ? `${plural(count('invoices_updated'), 'invoice', 'invoices')} updated` : '',
    count('customers_created') > 0 ? `${plural(count('customers_created'), 'customer', 'customers')} added` : '',
    count('rows_refused') > 0 ? `${plural(count('rows_refused'), 'row', 'rows')} refused` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nothing changed';
}

function describeImport(e: Described): string {
  const file = quoted(e.after?.filename) || ' a file';
  if (e.after?.status === 'failed') return `imported${file} until it stopped on an error: ${importCounts(e.after)}`;
  return `imported${file}: ${importCounts(e.after)}`;
}

/** "a payment of £120.50" when the entry says how much. */
function payment(e: Described): string {
  const amount = e.after?.amount;
  const currency = e.after?.currency;
  return typeof amount === 'number' && typeof currency === 'string' ? `a payment of ${formatMoney(amount, currency)}` : 'a payment';
}

function describePause(e: Described): AuditSentencePart[] {
  const until = text(e.after?.paused_until);
  const reason = e.after?.reason;
  const why = typeof reason === 'string' && reason in PAUSE_REASON_LABELS ? ` (${PAUSE_REASON_LABELS[reason as PauseReason].toLowerCase()})` : '';
  return ['paused chasing for ', C, until ? ` until ${auditDayText(until)}` : ' indefinitely', why];
}

function describeTags(e: Described): AuditSentencePart[] {
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  const [before, after] = [list(e.before?.tags), list(e.after?.tags)];
  const added = after.filter((t) => !before.includes(t));
  const removed = before.filter((t) => !after.includes(t));
  const parts = [added.length > 0 ? `added ${added.join(', ')}` : '', removed.length > 0 ? `removed ${removed.join(', ')}` : ''].filter(Boolean);
  return ['changed the tags of ', C, parts.length > 0 ? `: ${parts.join('; ')}` : ''];
}

function describeTriage(e: Described): AuditSentencePart[] {
  const action = e.after?.triage_action;
  const words = typeof action === 'string' && (TRIAGE_ACTIONS as readonly string[]).includes(action) ? TRIAGE_WORDS[action as TriageAction] : 'acted on it';
  return ['acted on a reply from ', C, `: ${words}`];
}

function describeMailServer(e: Described): string {
  if (e.after && 'host' in e.after && e.after.host === null) return 'switched to this installation’s mail server';
  const fields = Object.keys(e.after ?? {});
  if (fields.length === 1 && fields[0] === 'password') return 'changed the mail server’s password';
  return text(e.after?.host) ? `set the mail server to ${String(e.after?.host)}` : 'changed the mail server';
}

/** What became of a customer Stripe deleted (decision 0022): the audit log and the customer's timeline say it alike. */
export const STRIPE_DELETED_WORDS = 'deleted in Stripe: kept here with its history, no longer synced';

/** " to Acme Ltd" for an email entry that names its customer in words, else nothing. */
const toCustomer = (name: unknown): string => (text(name) ? ` to ${String(name)}` : '');

/** The person or address a team entry is about, from whichever side names them. */
const who = (e: Described, fallback: string): string =>
  text(e.before?.name) ?? text(e.after?.name) ?? text(e.after?.email) ?? text(e.before?.email) ?? fallback;

/** A bulk Send now or Cancel as one entry with its counts (decision 0045): "cancelled 2 planned emails; 1 was no longer planned". */
function describeBulkEmails(e: Described, done: string, skippedWhy: string): string {
  const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
  const [updated, skipped] = [n(e.after?.updated), n(e.after?.skipped)];
  const emails = `${updated} planned email${updated === 1 ? '' : 's'}`;
  const rest = skipped > 0 ? `; ${skipped} ${skipped === 1 ? 'was' : 'were'} ${skippedWhy}` : '';
  return `${done.replace('{emails}', emails)}${rest}${e.after?.status === 'failed' ? '; it stopped before the rest' : ''}`;
}

/** The sentences that do not name a customer, by action. */
const PLAIN: Record<string, (e: Described) => string> = {
  'organisation.update': () => 'changed the organisation’s details',
  'organisation.letterhead': () => 'changed the company details and logo emails carry',
  'team.invitation.create': (e) => `invited ${who(e, 'someone')} to the team`,
  'team.invitation.resend': (e) => `sent the invitation to ${who(e, 'someone')} again`,
  'team.invitation.revoke': (e) => `withdrew the invitation to ${who(e, 'someone')}`,
  'team.member.role': (e) => `changed the role of ${who(e, 'a member')} ${fromTo(e, 'role') ?? ''}`,
  'team.member.remove': (e) => `removed ${who(e, 'a member')} from the team`,
  'team.member.leave': () => 'left the organisation',
  'team.member.join': (e) => (e.after?.role === 'member' ? 'joined the team as a member' : `joined the team as an ${text(e.after?.role) ?? 'admin'}`),
  'email_template.create': (e) => `created the template${quoted(e.after?.name)}`,
  'email_template.update': (e) => (e.after && 'name' in e.after ? `renamed a template ${fromTo(e, 'name') ?? ''}` : `changed the template${named(e)}`),
  'email_template.delete': (e) => `deleted the template${quoted(e.before?.name)}`,
  'workflow.create': (e) => `created the workflow${quoted(e.after?.name)}`,
  'workflow.update': (e) => {
    if (e.after && 'name' in e.after) return `renamed a workflow ${fromTo(e, 'name') ?? ''}`;
    if (e.after && 'action_order' in e.after && Object.keys(e.after).length === 1) return `put the steps of the workflow${named(e)} in a new order`;
    return `changed the workflow${named(e)}`;
  },
  'workflow.delete': (e) => {
    const moved = typeof e.after?.customers_moved === 'number' ? e.after.customers_moved : 0;
    const to = e.after?.reassign_to;
    const where = typeof to === 'string' ? ` to ${e.names?.[to] ? `“${e.names[to]}”` : 'a workflow since deleted'}` : '';
    return `deleted the workflow${quoted(e.before?.name)}${moved > 0 ? ` and moved its ${moved === 1 ? 'customer' : `${moved} customers`}${where}` : ''}`;
  },
  // A step is named by its workflow, read with the log, so entries written before read right too (decision 0041).
  'workflow_action.create': (e) => (named(e) ? `added a step to the workflow${named(e)}` : 'added a step to a workflow'),
  'workflow_action.update': (e) => (named(e) ? `changed a step of the workflow${named(e)}` : 'changed a workflow step'),
  'workflow_action.delete': (e) => (named(e) ? `removed a step from the workflow${named(e)}` : 'removed a workflow step'),
  'event.cancel': (e) => `cancelled the planned email${quoted(e.before?.subject)}${toCustomer(e.before?.customer_name)}`,
  'event.send_now': (e) =>
    `${e.before?.status === 'pending' ? 'sent' : 'sent again'}${quoted(e.after?.subject)}${toCustomer(e.after?.customer_name)} now, by hand`,
  'event.bulk_cancel': (e) => describeBulkEmails(e, 'cancelled {emails}', 'no longer planned'),
  'event.bulk_send_now': (e) => describeBulkEmails(e, 'sent {emails} now', 'no longer planned or could not be sent'),
  'email_template.send_to_me': (e) => `sent the template${quoted(e.after?.name)} to themselves${text(e.after?.to) ? ` (${String(e.after?.to)})` : ''}`,
  'settings.chasing.update': () => 'changed the chasing settings',
  'settings.email.sender.update': () => 'changed who reminders are from',
  'settings.email.mail_server.update': describeMailServer,
  'settings.email.dkim.create': (e) => `generated a DKIM key${text(e.after?.domain) ? ` for ${String(e.after?.domain)}` : ''}`,
  'settings.email.dkim.delete': (e) => `deleted the DKIM key${text(e.before?.domain) ? ` for ${String(e.before?.domain)}` : ''}`,
  'settings.email.sending_mode.update': (e) => `changed the sending mode ${fromTo(e, 'sending_mode') ?? ''}`.trim(),
  'settings.email.inbound.update': (e) => `turned pausing on reply ${e.after?.pause_on_reply === false ? 'off' : 'on'}`,
  'settings.email.inbound.secret': () => 'created a new webhook secret for replies',
  'account.connect': (e) => `connected the Stripe account${text(e.after?.external_account_id) ? ` ${String(e.after?.external_account_id)}` : ''}`,
  'account.disconnect': () => 'disconnected a Stripe account',
  'tag.create': (e) => `created the tag${quoted(e.after?.name)}`,
  'import.start': (e) => `started importing${quoted(e.after?.filename)}`,
  'import.finish': describeImport,
  'import.discard': (e) => `discarded the upload${quoted(e.before?.filename)}`,
};

/** The sentences that name a customer, by action. */
const ABOUT_CUSTOMER: Record<string, (e: Described) => AuditSentencePart[]> = {
  'customer.create': () => ['added the customer ', C],
  'customer.update': (e) => {
    const fields = Object.keys(e.after ?? {});
    // The link carries the customer's name as it is now: the sentence says what it was.
    if (fields.length === 1 && fields[0] === 'name') return [`renamed${quoted(e.before?.name)} to `, C];
    if (fields.length === 1 && fields[0] === 'workflow_id') return ['moved ', C, workflowMove(e)];
    return ['changed the details of ', C];
  },
  'customer.pause': describePause,
  'customer.resume': () => ['resumed chasing for ', C],
  'customer.tags': describeTags,
  'customer.stripe_delete': () => ['saw ', C, ` ${STRIPE_DELETED_WORDS}`],
  'contact.upsert': (e) => (e.before?.role === null || e.before?.role === undefined ? ['added a contact to ', C] : ['changed a contact of ', C]),
  'contact.undeliverable': (e) => [`marked ${text(e.after?.email) ?? 'an address'} of `, C, ' undeliverable'],
  'invoice.update': (e) => [`changed invoice${named(e, e.after?.number ?? e.before?.number)} of `, C],
  'invoice.upsert': (e) => [`saved invoice${named(e, e.after?.number)} of `, C],
  'invoice.create': (e) => [`added invoice${quoted(e.after?.number)} to `, C],
  'invoice.import': (e) => [`imported changes to invoice${named(e, e.after?.number)} of `, C],
  'inbound.assign': () => ['attached a received email to ', C],
  'payment.create': (e) => [`recorded ${payment(e)}${text(e.after?.invoice_number) ? ` against invoice${quoted(e.after?.invoice_number)}` : ''} from `, C],
  'inbound.triage': describeTriage,
  // "answered Jane Smith at Acme Ltd: “Re: …”" (decision 0044): who was written to, where, and what about.
  'event.answer': (e) => [`answered ${text(e.after?.to_name) ?? text(e.after?.to) ?? 'a reply'} at `, C, text(e.after?.subject) ? `:${quoted(e.after?.subject)}` : ''],
  // Notes and logged calls, each naming the call's contact and its follow-up day (decision 0043).
  ...NOTE_AUDIT_WORDS,
};

/**
 * What an entry did, as the rest of a sentence whose subject is the person ("Jo Bloggs changed
 * the sending mode from Dry run to Sending"); `{ customer: true }` marks where the customer is
 * named. An action this version does not know still reads: "made a change (Team)".
 */
export function auditSentence(entry: Described): AuditSentencePart[] {
  const aboutCustomer = ABOUT_CUSTOMER[entry.action];
  if (aboutCustomer) return aboutCustomer(entry).filter((part) => part !== '');
  const plain = PLAIN[entry.action];
  // An action this version has no words for is named by its family, never its code.
  return [plain ? plain(entry).trim() : `made a change (${auditFamilyLabel(auditActionFamily(entry.action))})`];
}

/** The sentence as text, the customer named by `customerName` ("a customer" when unknown). */
export function auditDescription(entry: Described, customerName: string | null): string {
  return auditSentence(entry)
    .map((part) => (typeof part === 'string' ? part : (customerName ?? 'a customer')))
    .join('');
}
