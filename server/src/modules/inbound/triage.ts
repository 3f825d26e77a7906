import type { TriageSuggestion } from '@receivables/contracts';

import { findAddressesInText } from './addresses-in-text';
import { dayReceived, findDatesInText } from './dates-in-text';
import { readableText } from './read-limit';
import { TRIAGE_RULES } from './triage-rules';

interface Match {
  index: number;
  text: string;
}

/** The clause a match stands in, up to it: a negation does not reach across punctuation. */
const CLAUSE_BEFORE = /[^.!?;:,\n]*$/;
const NEGATOR = /^(?:not|never|no|\w+n['’]t)$/i;
/** How many words before a match a negation still denies it ("we have not yet paid"). */
const NEGATION_REACH = 3;

function isNegated(text: string, index: number): boolean {
  const clause = CLAUSE_BEFORE.exec(text.slice(0, index))?.[0] ?? '';
  return clause.split(/\s+/).filter(Boolean).slice(-NEGATION_REACH).some((word) => NEGATOR.test(word));
}

/** Every match of `patterns` not negated, in text order; overlapping ones as one span of the text. */
function matchesOf(patterns: readonly RegExp[], text: string): Match[] {
  const spans: { start: number; end: number }[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))) {
      if (!isNegated(text, match.index)) spans.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  const merged: { start: number; end: number }[] = [];
  for (const span of spans.sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged.map(({ start, end }) => ({ index: start, text: text.slice(start, end) }));
}

/** The sentence around `index`: from the last ". ", "! ", "? " or line break before it to the next. */
function sentenceAround(text: string, index: number): { start: number; end: number } {
  const starts = ['. ', '! ', '? ', '\n'].map((mark) => text.lastIndexOf(mark, index)).filter((at) => at >= 0).map((at) => at + 1);
  const ends = ['. ', '! ', '? ', '\n'].map((mark) => text.indexOf(mark, index)).filter((at) => at >= 0);
  return { start: Math.max(0, ...starts), end: Math.min(text.length, ...ends) };
}

/**
 * The day a promise names: the latest day from today on among the dates in the sentences that
 * promise ("half now and the rest on 1 April" is 1 April; an invoice's past due date is not a
 * promise). A week ("next week"), a month ("early next month") or a vague span ("in the next
 * couple of weeks") names no day: a person types it.
 */
function promisedDay(text: string, matches: readonly Match[], receivedAt: Date, timeZone: string): string | null {
  const sentences = matches.map((match) => sentenceAround(text, match.index));
  const dates = findDatesInText(text, receivedAt, timeZone).filter(
    (date) => !date.isWeek && !date.isVague && sentences.some((s) => date.index >= s.start && date.index < s.end),
  );
  const today = dayReceived(receivedAt, timeZone);
  const days = dates.map((date) => date.lastDay ?? date.day).filter((day) => day >= today);
  return days.reduce<string | null>((latest, day) => (latest === null || day > latest ? day : latest), null);
}

/**
 * The triage suggestion for a customer's reply (its quoted history already stripped): the first
 * category of {@link TRIAGE_RULES} whose patterns match, with the words that matched, the day a
 * promise names, and the address a wrong-contact reply gives (never one of `ignoreAddresses`,
 * the sender's own). Null when no rule matches: a person reads it (docs/decisions/0021-replies.md).
 * Only the first `READ_LIMIT` (read-limit.ts) characters are read.
 */
export function triageReply(
  text: string,
  receivedAt: Date,
  timeZone: string,
  ignoreAddresses: readonly string[] = [],
): TriageSuggestion | null {
  const read = readableText(text);
  for (const rule of TRIAGE_RULES) {
    const matches = matchesOf(rule.patterns, read);
    if (matches.length === 0) continue;
    const [newContact] = rule.category === 'wrong_contact' ? findAddressesInText(read, ignoreAddresses) : [];
    return {
      category: rule.category,
      matches: matches.map((match) => match.text),
      promised_on: rule.category === 'promise' ? promisedDay(read, matches, receivedAt, timeZone) : null,
      new_contact: newContact ?? null,
    };
  }
  return null;
}
