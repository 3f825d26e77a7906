import type { InboundKind, Mailbox } from '@receivables/contracts';

/** What a received email is, as its chip says it. */
export const INBOUND_KIND_LABELS: Record<InboundKind, string> = { reply: 'Reply', auto_reply: 'Auto-reply' };

/** "Priya Natarajan <priya@northwind.example>", the address alone, or that none was given. */
export function describeMailbox(from: Mailbox | null): string {
  if (!from) return 'An unknown sender';
  return from.name ? `${from.name} <${from.address}>` : from.address;
}

/** The name, else the address: where a row has room for one of them. */
export const mailboxShortName = (from: Mailbox | null): string => from?.name ?? from?.address ?? 'An unknown sender';

/** "3 unread replies": the menu's badge and the inbox tab, read aloud. */
export function describeUnread(count: number): string {
  return `${count} unread ${count === 1 ? 'reply' : 'replies'}`;
}

/** "12 KB", "1.5 MB": a file's size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`;
}

const dayWithWeekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayWithWeekdayAndYear = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * "Thursday 10 December" for a calendar day (YYYY-MM-DD); with its year when it is not the year
 * of `reference` (the day the message came). en-GB puts a comma after the weekday: a return day
 * reads as a phrase, so it goes.
 */
export function formatReturnDay(day: string, reference: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const format = day.slice(0, 4) === reference.slice(0, 4) ? dayWithWeekday : dayWithWeekdayAndYear;
  return format.format(date).replace(',', '');
}

/** A piece of a text, marked when it is one of the words a suggestion was read from. */
export interface TextPiece {
  text: string;
  isMatch: boolean;
}

/**
 * `text` cut around each occurrence of `phrases` (as written, or in another case), so the words a
 * suggestion was read from can be highlighted. Overlapping matches join into one.
 */
export function splitOnPhrases(text: string, phrases: readonly string[]): TextPiece[] {
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const phrase of phrases) {
    const needle = phrase.toLowerCase();
    if (needle.trim() === '') continue;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
      marked.fill(true, at, at + needle.length);
    }
  }
  const pieces: TextPiece[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    const isMatch = marked[i] ?? false;
    const last = pieces.at(-1);
    if (last?.isMatch === isMatch) last.text += char;
    else pieces.push({ text: char, isMatch });
  }
  return pieces;
}
