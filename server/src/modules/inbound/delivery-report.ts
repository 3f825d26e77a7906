import { fieldValue, findHeaderBlock, type HeaderField, readFieldGroups, readHeaderFields } from './header-fields';
import { normaliseMessageId } from './message-ids';
import { withoutNul } from './readable-text';
import { describeStatus, findStatusCode, statusOfReplyCode } from './status-codes';

/**
 * Delivery status notifications (RFC 3464): a `multipart/report; report-type=delivery-status`
 * whose `message/delivery-status` part says, per recipient, what became of a message, and which
 * returns the message (`message/rfc822`) or only its headers (`text/rfc822-headers`). Decision
 * 0021: a bounce is a DSN whose original Message-ID is one of ours; 5.x.x is a hard bounce, 4.x.x
 * a soft one. SMTPUTF8 reports use the `message/global…` types (RFC 6533), read the same way.
 */

export interface DeliveryReport {
  /** The Message-ID of the message reported on, as `<id>`. */
  originalMessageId: string | null;
  /** Reporting-MTA: the server that wrote the report. */
  reportingMta: string | null;
  recipients: DeliveryRecipient[];
}

export interface DeliveryRecipient {
  /** Final-Recipient, lower-cased: the address delivery was attempted to. */
  address: string;
  /** Original-Recipient, lower-cased: the address as the sender gave it, when the report says. */
  originalRecipient: string | null;
  /** failed, delayed, delivered, relayed or expanded (lower-cased as given). */
  action: string;
  /** `class.subject.detail` (RFC 3463); '' when neither the report nor the diagnostic gives one. */
  status: string;
  /** Diagnostic-Code without its type: the remote server's own words (`550 5.1.1 … User unknown`). */
  diagnostic: string | null;
  remoteMta: string | null;
  /** Status class 5: a hard bounce. Class 4 is transient (a soft bounce). */
  permanent: boolean;
}

/** A part of a report as the parser gave it. */
export interface ReportPart {
  contentType: string;
  content: Uint8Array;
}

const DELIVERY_STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const RETURNED_MESSAGE_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers']);

/** Whether a part of a report is its machine-readable status or the message it returns: not a file a person attached. */
export const isReportPart = (contentType: string): boolean =>
  DELIVERY_STATUS_TYPES.has(contentType) || RETURNED_MESSAGE_TYPES.has(contentType) || contentType === 'message/feedback-report';

const decoder = new TextDecoder();
const decode = (bytes: Uint8Array): string => withoutNul(decoder.decode(bytes));

/**
 * The report in a `multipart/report`'s parts, or null when it has no delivery status part.
 * `threadedUnder` is the report's own In-Reply-To (else its last Reference): Exchange and Exim
 * thread a report under the message it is about, which names it when nothing is returned.
 */
export function readDeliveryReport(parts: readonly ReportPart[], threadedUnder: string | null = null): DeliveryReport | null {
  const statusPart = parts.find((part) => DELIVERY_STATUS_TYPES.has(part.contentType));
  if (!statusPart) return null;
  const groups = readFieldGroups(decode(statusPart.content));
  const perMessage = groups[0] ?? [];
  const returned = parts.find((part) => RETURNED_MESSAGE_TYPES.has(part.contentType));
  const returnedHeaders = returned ? readHeaderFields(decode(headerBytes(returned))) : [];
  return {
    originalMessageId: normaliseMessageId(fieldValue(returnedHeaders, 'message-id'))
      ?? normaliseMessageId(fieldValue(perMessage, 'x-original-message-id'))
      ?? threadedUnder,
    reportingMta: typedValue(fieldValue(perMessage, 'reporting-mta')),
    recipients: groups.filter(isRecipientGroup).map(readRecipient),
  };
}

export interface Bounce {
  /**
   * `delayed`: the reporting server is still trying and may yet deliver, so sending again could
   * deliver twice; `failed`: it has given up, even with a 4.x.x status (after its own retries).
   */
  action: 'failed' | 'delayed';
  recipient: string;
  permanent: boolean;
  reason: string;
}

/** The bounce a report tells of: its first recipient that failed or is delayed, and why in words; null when none did. */
export function bounceOf(report: DeliveryReport): Bounce | null {
  const recipient = report.recipients.find((r) => r.action === 'failed' || r.action === 'delayed');
  if (!recipient) return null;
  return {
    action: recipient.action === 'failed' ? 'failed' : 'delayed',
    recipient: recipient.address,
    permanent: recipient.permanent,
    // A failed or delayed recipient always has a status: the action implies one when nothing else does.
    reason: recipient.diagnostic ?? describeStatus(recipient.status),
  };
}

function readRecipient(group: HeaderField[]): DeliveryRecipient {
  const action = (fieldValue(group, 'action') ?? '').split(/[\s(;]/)[0]?.toLowerCase() ?? '';
  const diagnostic = typedValue(fieldValue(group, 'diagnostic-code'));
  const statusField = fieldValue(group, 'status');
  const status = findStatusCode(statusField) ?? findStatusCode(diagnostic)
    ?? statusOfReplyCode(statusField) ?? statusOfReplyCode(diagnostic) ?? STATUS_OF_ACTION[action] ?? '';
  return {
    address: addressOf(fieldValue(group, 'final-recipient')) ?? addressOf(fieldValue(group, 'original-recipient')) ?? '',
    originalRecipient: addressOf(fieldValue(group, 'original-recipient')),
    action,
    status,
    diagnostic,
    remoteMta: typedValue(fieldValue(group, 'remote-mta')),
    permanent: status.startsWith('5'),
  };
}

/** What an action implies when a report gives no status at all (RFC 3464 makes Status required; not every MTA obliges). */
const STATUS_OF_ACTION: Record<string, string> = { failed: '5.0.0', delayed: '4.0.0', delivered: '2.0.0', relayed: '2.0.0', expanded: '2.0.0' };

const isRecipientGroup = (group: HeaderField[]): boolean =>
  group.some((field) => field.name === 'final-recipient' || field.name === 'original-recipient');

/** A field's value without its type (`rfc822;`, `smtp;`, `dns;`), whitespace runs made one space. */
function typedValue(value: string | null): string | null {
  if (value === null) return null;
  const semicolon = value.indexOf(';');
  const text = (semicolon >= 0 ? value.slice(semicolon + 1) : value).replace(/\s+/g, ' ').trim();
  return text.length > 0 ? text : null;
}

function addressOf(value: string | null): string | null {
  return typedValue(value)?.replace(/^<(.*)>$/, '$1').toLowerCase() ?? null;
}

/** The returned message's header block: all of `text/rfc822-headers`, the head of a returned message. */
function headerBytes(part: ReportPart): Uint8Array {
  // Some MTAs leave a blank line before the returned headers, which would read as an empty block.
  let start = 0;
  while (part.content[start] === 0x0d || part.content[start] === 0x0a) start++;
  const content = part.content.subarray(start);
  return content.subarray(0, findHeaderBlock(content).headerEnd);
}
