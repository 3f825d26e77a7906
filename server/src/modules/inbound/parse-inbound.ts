import PostalMime, { addressParser, type Attachment, decodeWords, type Email, type PostalMimeOptions } from 'postal-mime';

import { type DeliveryReport, isReportPart, readDeliveryReport } from './delivery-report';
import { withUtf8Headers } from './eight-bit-headers';
import { findHeaderBlock, readHeaderFields } from './header-fields';
import { type InboundAddress, firstMailbox, mailboxes } from './inbound-addresses';
import { type InboundHeaders, inboundHeaders } from './inbound-headers';
import { normaliseMessageId, readMessageIds } from './message-ids';
import { htmlAsText, readableText, withoutNul } from './readable-text';

/**
 * An inbound email as the rest of the product reads it (decision 0021): who sent it, what it
 * answers, what it says, what came with it, and whether it is a delivery report. Plain data.
 */
export interface ParsedInbound {
  /** `<id>`, as our sender writes its own (message-ids.ts). */
  messageId: string | null;
  /** The first id of In-Reply-To. */
  inReplyTo: string | null;
  /** References, in order, oldest first. */
  references: string[];
  from: InboundAddress | null;
  to: InboundAddress[];
  cc: InboundAddress[];
  replyTo: InboundAddress[];
  /** Decoded, whitespace runs made one space; '' when there is none. */
  subject: string;
  date: Date | null;
  /** The plain-text body; when there is only HTML, its text (html-to-text); LF line breaks. */
  text: string;
  html: string | null;
  headers: InboundHeaders;
  /** What a person would see as files; a report's status and returned message are not among them. */
  attachments: InboundAttachment[];
  /** The delivery status report when this is one (RFC 3464), else null. */
  deliveryReport: DeliveryReport | null;
  /** Why the message could only be read in part (postal-mime refused it), for the log; null when it parsed. */
  parseProblem: string | null;
}

export interface InboundAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  content: Uint8Array;
  /** `attachment`, `inline` (or whatever token the sender wrote), null when the part had no Content-Disposition. */
  disposition: string | null;
  /** Without angle brackets, as a `cid:` URL in the HTML names it. */
  contentId: string | null;
  /** Shown in the body (an image the HTML refers to by its Content-ID) rather than offered as a file. */
  isInline: boolean;
}

/**
 * postal-mime's choices, spelled out. Attachments come as bytes. A forwarded message
 * (`message/rfc822`) with no Content-Disposition is shown inline, as mail clients show it: its text
 * joins the body and its attachments join ours; one marked `attachment` stays a file. A report's
 * returned message is always kept as a part (postal-mime does so whenever a message has a
 * delivery-status part). The nesting and header-size limits are postal-mime's defaults; a message
 * over them is read by readTopLevelOnly. Its size is bounded before it gets here (INBOUND_MAX_BYTES).
 */
const PARSE_OPTIONS: PostalMimeOptions = { attachmentEncoding: 'arraybuffer', rfc822Attachments: false, forceRfc822Attachments: false };

/**
 * Reads a raw message. Never throws: a message postal-mime refuses (nested deeper or with more
 * header bytes than its limits allow) is read from its top-level headers and raw body instead.
 */
export async function parseInboundEmail(raw: Buffer | Uint8Array): Promise<ParsedInbound> {
  const bytes = withUtf8Headers(raw);
  try {
    return fromEmail(await PostalMime.parse(bytes, PARSE_OPTIONS), bytes, null);
  } catch (error) {
    return fromEmail(readTopLevelOnly(bytes), bytes, error instanceof Error ? error.message : String(error));
  }
}

function fromEmail(email: Email, bytes: Uint8Array, parseProblem: string | null): ParsedInbound {
  const headers = inboundHeaders(email.headers.map((header) => ({ name: header.key, value: header.value })));
  const inReplyTo = normaliseMessageId(headers.first['in-reply-to']);
  const references = readMessageIds(headers.first.references);
  const isReport = /^\s*multipart\/report\b/i.test(headers.first['content-type'] ?? '');
  const parts = email.attachments.map(toAttachment);
  const html = email.html ? withoutNul(email.html) : null;
  return {
    messageId: normaliseMessageId(headers.first['message-id']),
    inReplyTo,
    references,
    from: firstMailbox(email.from),
    to: mailboxes(email.to),
    cc: mailboxes(email.cc),
    replyTo: mailboxes(email.replyTo),
    // A folded subject keeps its folding whitespace (a tab, runs of spaces) through unfolding.
    subject: withoutNul(email.subject ?? '').replace(/\s+/g, ' ').trim(),
    date: dateOf(email.date),
    text: bodyText(email.text, html, parts.length > 0, bytes),
    html,
    headers,
    attachments: isReport ? parts.filter((part) => !isReportPart(part.contentType)) : parts,
    deliveryReport: isReport ? readDeliveryReport(parts, inReplyTo ?? references.at(-1) ?? null) : null,
    parseProblem,
  };
}

function toAttachment(attachment: Attachment): InboundAttachment {
  const { content } = attachment;
  // Bytes with postal-mime's default attachmentEncoding; its type also allows the string encodings.
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
  return {
    filename: attachment.filename === null ? null : withoutNul(attachment.filename),
    contentType: withoutNul(attachment.mimeType),
    size: bytes.byteLength,
    content: bytes,
    disposition: attachment.disposition === null ? null : withoutNul(attachment.disposition),
    contentId: attachment.contentId ? withoutNul(attachment.contentId).replace(/^<(.*)>$/, '$1') : null,
    isInline: attachment.related === true,
  };
}

function dateOf(value: string | undefined): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * The text part; else the HTML's text; else, when postal-mime found no part at all (a multipart
 * without a usable boundary, a message it refused), the body as it is, so a person still sees what
 * was sent.
 */
function bodyText(text: string | undefined, html: string | null, hasParts: boolean, bytes: Uint8Array): string {
  if (text) return readableText(text);
  if (html) return htmlAsText(html);
  if (hasParts) return '';
  return readableText(new TextDecoder().decode(bytes.subarray(findHeaderBlock(bytes).bodyStart)));
}

/** What can be read of a message postal-mime refused: its top-level headers (its body is left to bodyText). */
function readTopLevelOnly(bytes: Uint8Array): Email {
  const fields = readHeaderFields(new TextDecoder().decode(bytes.subarray(0, findHeaderBlock(bytes).headerEnd)));
  const values = (name: string): string[] => fields.filter((field) => field.name === name).map((field) => field.value);
  const addresses = (name: string) => values(name).flatMap((value) => addressParser(value));
  return {
    headers: fields.map((field) => ({ key: field.name, originalKey: field.name, value: field.value })),
    headerLines: [],
    from: addresses('from')[0],
    to: addresses('to'),
    cc: addresses('cc'),
    replyTo: addresses('reply-to'),
    subject: decodeWords(values('subject')[0] ?? ''),
    date: values('date')[0],
    attachments: [],
  };
}
