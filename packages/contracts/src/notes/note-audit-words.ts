import type { AuditSentencePart } from '../audit/audit-sentence';

import { CALL_OUTCOME_LABELS, type CallOutcome, followUpDayText } from './customer-note';

type Values = Record<string, unknown> | null;
interface Described {
  before: Values;
  after: Values;
}

const C = { customer: true } as const;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** "a call with Jane Smith at " or "a note on ", from whichever side of the entry names it. */
function what(values: Values, fallback: Values): AuditSentencePart[] {
  const kind = values?.kind ?? fallback?.kind;
  if (kind !== 'call') return ['a note on ', C];
  const who = text(values?.contact_name) ?? text(fallback?.contact_name);
  return [who ? `a call with ${who} at ` : 'a call with ', C];
}

/** ": left a message" for a call's outcome. */
function outcome(values: Values): string {
  const value = values?.outcome;
  return typeof value === 'string' && value in CALL_OUTCOME_LABELS ? `: ${CALL_OUTCOME_LABELS[value as CallOutcome].toLowerCase()}` : '';
}

/** "; follow up on 3 December" when the entry sets a follow-up day. */
function followUp(values: Values): string {
  const day = text(values?.follow_up_on);
  return day ? `; follow up on ${followUpDayText(day)}` : '';
}

/**
 * The audit log's words for notes and calls (decision 0043), after the person's name:
 * "logged a call with Jane Smith at Acme Ltd: left a message; follow up on 3 December".
 */
export const NOTE_AUDIT_WORDS: Record<string, (e: Described) => AuditSentencePart[]> = {
  'note.create': (e) => ['added ', ...what(e.after, null), followUp(e.after)],
  'note.log_call': (e) => ['logged ', ...what(e.after, null), outcome(e.after), followUp(e.after)],
  'note.update': (e) => {
    const after = e.after ?? {};
    const followUpOnly = Object.keys(after).length === 1 && 'follow_up_on' in after;
    if (followUpOnly && after.follow_up_on === null) return ['removed the follow-up of ', ...what(e.before, e.after)];
    return ['changed ', ...what(e.after, e.before), outcome(e.after), followUp(e.after)];
  },
  'note.delete': (e) => ['deleted ', ...what(e.before, null)],
  'note.follow_up_done': (e) => ['marked done the follow-up of ', ...what(e.before, e.after)],
};
