import { type Mailbox, replySubject } from '@receivables/contracts';

import { domainRule } from '../../errors/domain-errors';
import { layoutEmailHtml, sanitizeEmailHtml } from '../../lib/email-html';
import { withLetterhead } from '../../lib/email-letterhead';
import { escapeHtml } from '../../lib/html-escape';
import type { ChasingContext } from '../../org/read-chasing-settings';

import type { InboundEmailRecord } from './store-inbound-email';

/** An email a person wrote in answer to a received one, as it will be sent. */
export interface WrittenAnswer {
  to: Mailbox;
  subject: string;
  html: string;
  text: string;
}

/** Lines as typed: runs of blank lines part paragraphs, single line breaks stay line breaks. */
const paragraphsOf = (text: string): string[][] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((block) => block.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));

const asHtml = (paragraphs: string[][]): string => paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('');

/**
 * The organisation's signature under what the person wrote, as every other email it sends carries
 * it (decision 0044) — unless they signed with it already. Never the sender's name in its place:
 * a person writing signs as they choose.
 */
function signed(text: string, signature: string): string {
  const mark = signature.trim();
  if (mark === '' || text.replace(/\s+/g, ' ').includes(mark.replace(/\s+/g, ' '))) return text;
  return `${text}\n\n${mark}`;
}

/**
 * Write a person's answer to a received email (decision 0044): to whoever wrote it, "Re:" their
 * subject unless another is given, the text as typed made into HTML (every character escaped,
 * blank lines paragraphs), signed and on the organisation's letterhead like every written email
 * (decision 0038). Refused with the field (422) when the email is on no customer yet or has no
 * sender address to answer.
 */
export function composeWrittenAnswer(
  message: InboundEmailRecord,
  input: { text: string; subject?: string | undefined },
  chasing: ChasingContext,
): WrittenAnswer {
  if (message.customerId === null) throw domainRule('Attach this email to a customer first: an answer is kept on the customer it goes to', 'id', 'the email is not on a customer yet');
  if (!message.fromAddress) throw domainRule('The email has no sender address to answer', 'id', 'no sender address');
  const subject = input.subject ?? replySubject(message.subject) ?? (chasing.senderName ? `A message from ${chasing.senderName}` : 'Our answer');
  const text = signed(input.text.trim(), chasing.signature);
  const fragment = sanitizeEmailHtml(asHtml(paragraphsOf(text)));
  const letter = withLetterhead({ html: layoutEmailHtml(fragment, subject), text }, chasing.letterhead);
  return { to: { address: message.fromAddress, name: message.fromName }, subject, ...letter };
}
