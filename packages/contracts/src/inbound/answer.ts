import { z } from 'zod';

import { storableText } from '../common/text';
import { eventStatusSchema } from '../events/event';

import { inboundEmailDetailSchema } from './inbound';

/** The longest answer a person may write (characters): a letter, not an attachment pasted in. */
export const ANSWER_TEXT_MAX = 10_000;
/** The longest subject an answer may carry: what mail clients show on one line, and then some. */
export const ANSWER_SUBJECT_MAX = 200;

/**
 * `POST /api/inbound/{id}/answer` (decision 0044): an email a person writes in answer to a received
 * one, sent now to whoever wrote it, threaded under it. `text` is plain text (blank lines part
 * paragraphs); `subject` defaults to "Re: " and theirs. Any other field is refused.
 */
export const inboundAnswerInputSchema = z.strictObject({
  text: storableText(z.string().trim().min(1, 'write what to say').max(ANSWER_TEXT_MAX, `at most ${ANSWER_TEXT_MAX.toLocaleString('en-GB')} characters`)),
  subject: storableText(z.string().trim().min(1, 'cannot be blank').max(ANSWER_SUBJECT_MAX, `at most ${ANSWER_SUBJECT_MAX} characters`)).optional(),
});
export type InboundAnswerInput = z.infer<typeof inboundAnswerInputSchema>;

/** "Re:", "AW:", "SV:", "Fwd:" and the like, repeated, at the start of a subject. */
const REPLY_PREFIXES = /^(?:\s*(?:re|aw|sv|vs|antw|ant|réf|rif|r|fw|fwd|wg|tr)\s*(?:\[\d+\])?\s*:\s*)+/i;

/**
 * The subject of an answer to `theirs`: "Re:" and their subject without its own prefixes, so the
 * customer's mail client keeps one conversation ("Re: Re: Re:" never grows). Null when theirs was
 * empty: the caller chooses words of its own.
 */
export function replySubject(theirs: string): string | null {
  const bare = theirs.replace(REPLY_PREFIXES, '').replace(/\s+/g, ' ').trim();
  return bare ? `Re: ${bare}` : null;
}

/**
 * What sending an answer answers: the answer's email (for its page and the conversation), how its
 * hand-off went (`success`, or `pending` while a mail server's refusal is retried), and the
 * received email as it then stands.
 */
export const inboundAnswerResponseSchema = z.object({
  answer_event_id: z.uuid(),
  status: eventStatusSchema,
  reply: inboundEmailDetailSchema,
});
export type InboundAnswerResponse = z.infer<typeof inboundAnswerResponseSchema>;
