import EmailReplyParser from 'email-reply-parser';

import { readableText } from './read-limit';

/**
 * Where a forwarded or replied-to message starts in clients that quote it without ">" marks:
 * Outlook's "-----Original Message-----" line, and its header block — a "From:" line followed
 * within a few lines by "Sent:" or "Date:" (in the languages Outlook writes them). The parser
 * finds neither when the "From:" line has no <address> or no blank line precedes the marker.
 */
const ORIGINAL_MESSAGE_WORDS = ['original message', 'message d.origine', 'ursprüngliche nachricht', 'oorspronkelijk bericht', 'messaggio originale', 'mensaje original'];
const ORIGINAL_MESSAGE = new RegExp(String.raw`^[ \t]*-{3,}[ \t]*(?:${ORIGINAL_MESSAGE_WORDS.join('|')})[ \t]*-{3,}[ \t]*$`, 'im');
const HEADER_FROM = /^[ \t]*(?:\*\*)?(?:From|De|Von|Van|Da|Fra|Från)[ \t]*:(?:\*\*)?[ \t]*\S.*$/gim;
const HEADER_SENT = /^[ \t]*(?:\*\*)?(?:Sent|Date|Envoyé|Gesendet|Datum|Verzonden|Inviato|Enviado|Fecha|Skickat|Sendt)[ \t]*:/im;
const SEPARATOR_LINE = /\n[ \t]*_{10,}[ \t]*\n?$/;

function quotedHeaderStart(text: string): number | null {
  for (const from of text.matchAll(HEADER_FROM)) {
    const following = text.slice(from.index + from[0].length).split('\n').slice(1, 5).join('\n');
    if (HEADER_SENT.test(following)) return from.index;
  }
  return null;
}

function cutOutlookQuote(text: string): string {
  const starts = [ORIGINAL_MESSAGE.exec(text)?.index ?? null, quotedHeaderStart(text)].filter((at) => at !== null);
  if (starts.length === 0) return text;
  return text.slice(0, Math.min(...starts)).replace(SEPARATOR_LINE, '\n');
}

/**
 * A reply's own words, without the quoted history and the signature (decision 0021, What is
 * kept: the text shown for a reply): email-reply-parser, after cutting Outlook's quotes it
 * misses. A reply that is nothing but quotes keeps its full text, so nothing shows empty. Only
 * the first `READ_LIMIT` (read-limit.ts) characters are read.
 */
export function visibleReplyText(text: string): string {
  const normalised = readableText(text).replace(/\r\n?/g, '\n');
  const visible = new EmailReplyParser().read(cutOutlookQuote(normalised)).getVisibleText().trim();
  return visible === '' ? normalised.trim() : visible;
}
