import { addDays } from '@receivables/contracts';

import { type DateInText, findDatesInText } from './dates-in-text';

/** The first day an out-of-office writer is back, and the words it was read from. */
export interface ReturnDate {
  day: string;
  phrase: string;
}

/**
 * The words that say how a date is meant, found nearest before it in its sentence
 * (docs/decisions/0021-replies.md, Reading a reply):
 * - back: "back (on)", "return(ing) (on)", "reopen", "resume", "in the office on/from", "will reply
 *   (on)" — back that day;
 * - through: "until", "till", "through", "up to and including" — away through that day, so back
 *   the next; but "not back until", "won't return until" mean back that day;
 * - from: the first day away, unless "I will be back" follows ("From 1 April I will be back").
 * A date with none of these before it (an invoice's due date, a payment-run day) is not read, and
 * a range ("14–25 July") only in a sentence about being away ("I work Monday to Wednesday" is not).
 */
const BACK = new RegExp(
  String.raw`\b(?:back|return(?:s|ing)?|re-?open(?:s|ing)?|resum(?:e|es|ing)|in (?:the )?office (?:again )?(?:on|from)|(?:will|shall|['’]ll) (?:respond|reply|answer))\b`,
  'gi',
);
const THROUGH = /\b(?:until|till|til|through|thru|up to and including)\b|'til\b/gi;
const FROM = /\bfrom\b/gi;
const AWAY = /\b(?:away|out|off|leave|holiday|vacation|absent|absence|closed|travell?ing|OOO|unavailable|limited access)\b/i;
const NEGATION = /\b(?:not|never|\w+n['’]t)\b/i;
const BACK_AFTER = /^[\s,]*(?:I|we)(?:\s+will|['’]ll|\s+am|['’]m|\s+are|['’]re|\s+shall)?\s+(?:be\s+)?(?:back|return|reopen)\b[^.!?;\n]*/i;

/** Where the sentence holding `index` starts: after the last line break or ". ", "! ", "? ", "; ". */
function sentenceStart(text: string, index: number): number {
  const before = text.slice(0, index);
  const ends = ['. ', '! ', '? ', '; '].map((mark) => before.lastIndexOf(mark)).filter((at) => at >= 0).map((at) => at + 2);
  return Math.max(before.lastIndexOf('\n') + 1, ...ends);
}

function lastMatch(pattern: RegExp, text: string): RegExpExecArray | null {
  return [...text.matchAll(pattern)].at(-1) ?? null;
}

type Reading = { kind: 'back' | 'through'; day: string; from: number; to: number };

function readOne(text: string, date: DateInText): Reading | null {
  const start = sentenceStart(text, date.index);
  const clause = text.slice(start, date.index);
  const end = date.index + date.text.length;
  const back = lastMatch(BACK, clause);
  const through = lastMatch(THROUGH, clause);
  const from = lastMatch(FROM, clause);
  const nearest = [back, through, from].reduce<RegExpExecArray | null>((a, b) => (b && (!a || b.index > a.index) ? b : a), null);
  if (date.lastDay !== null && (back === null || nearest !== back) && (nearest !== null || AWAY.test(clause))) {
    const rangeStart = from && from === nearest ? start + from.index : date.index;
    return { kind: 'through', day: addDays(date.lastDay, 1), from: rangeStart, to: end };
  }
  if (!nearest) return null;
  const at = start + nearest.index;
  if (nearest === back) return { kind: 'back', day: date.day, from: at, to: end };
  if (nearest === through) {
    const negation = back && NEGATION.exec(clause.slice(0, back.index));
    if (negation) return { kind: 'back', day: date.day, from: start + negation.index, to: end };
    return { kind: 'through', day: addDays(date.day, 1), from: at, to: end };
  }
  const backAfter = BACK_AFTER.exec(text.slice(end));
  return backAfter ? { kind: 'back', day: date.day, from: at, to: end + backAfter[0].trimEnd().length } : null;
}

/**
 * The first day the writer of an out-of-office reply is back, read only from dates in words
 * about returning or being away. A day named as a return ("back on 10 March") outranks one
 * read from "until" ("away until 7 March"); among several of one kind, the latest counts. A vague
 * span ("back in a couple of weeks") names no day.
 */
export function readReturnDate(text: string, receivedAt: Date, timeZone: string): ReturnDate | null {
  const readings = findDatesInText(text, receivedAt, timeZone)
    .filter((date) => !date.isVague)
    .map((date) => readOne(text, date))
    .filter((reading) => reading !== null);
  const backs = readings.filter((reading) => reading.kind === 'back');
  const chosen = (backs.length > 0 ? backs : readings).reduce<Reading | null>((a, b) => (!a || b.day >= a.day ? b : a), null);
  return chosen && { day: chosen.day, phrase: text.slice(chosen.from, chosen.to) };
}
