/**
 * Enhanced mail system status codes (RFC 3463, `class.subject.detail`): class 2 success, 4 a
 * transient failure worth trying again, 5 a permanent one. The meanings are for people reading why
 * an email bounced, in the product's words rather than the RFC's.
 */

/** The meanings of the common `subject.detail` pairs (RFC 3463 §3, RFC 7505 for 1.10, RFC 7372 for 7.26). */
const DETAILS: Record<string, string> = {
  '1.1': 'mailbox does not exist',
  '1.2': 'domain does not exist',
  '1.3': 'address is not valid',
  '1.6': 'mailbox has moved',
  '1.10': 'domain accepts no mail',
  '2.1': 'mailbox disabled',
  '2.2': 'mailbox full',
  '2.3': 'message too large for the mailbox',
  '3.4': 'message too large',
  '4.1': 'no answer from host',
  '4.2': 'connection dropped',
  '4.3': 'could not look up the domain',
  '4.4': 'no route to the domain',
  '4.6': 'routing loop',
  '4.7': 'delivery time expired',
  '7.1': 'refused by policy',
  '7.26': 'refused: the sender could not be authenticated',
};

/** What the subject alone says when the detail is not one of the above. */
const SUBJECTS = ['delivery problem', 'address problem', 'mailbox problem', 'mail system problem', 'network or routing problem',
  'protocol problem', 'message content problem', 'refused for security or policy reasons'];

const STATUS_CODE = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

/** The first enhanced status code in a text (`Status: 5.1.1 (bad mailbox)`, a Diagnostic-Code), or null. */
export function findStatusCode(text: string | null): string | null {
  const match = text === null ? null : STATUS_CODE.exec(text);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

/** The status a basic SMTP reply code implies, for a diagnostic with no enhanced code: `550 …` → 5.0.0. */
export function statusOfReplyCode(text: string | null): string | null {
  const match = text === null ? null : /(?:^|\s)([245])\d\d(?:[\s-]|$)/.exec(text);
  return match ? `${match[1]}.0.0` : null;
}

/** `5.1.1 mailbox does not exist`, `4.2.2 mailbox full (temporary)`: the code, then what it means. */
export function describeStatus(status: string): string {
  const [statusClass = '', subject = '', detail = ''] = status.split('.');
  const meaning = DETAILS[`${subject}.${detail}`] ?? SUBJECTS[Number(subject)] ?? SUBJECTS[0] ?? '';
  return `${status} ${meaning}${statusClass === '4' ? ' (temporary)' : ''}`;
}
