import { auditFieldLabel, type TimelineItem } from '@receivables/contracts';

import { describeTimelineItem, editChangeWords, editInvoiceName } from './timeline-text';

type EditItem = Extract<TimelineItem, { kind: 'edit' }>;

/** One line of the timeline: an item, and the like ones right after it that it stands for. */
export interface TimelineLine {
  item: TimelineItem;
  also: TimelineItem[];
}

/** Entries of one import, or of one person's run of the same change, land within this of each other. */
const SAME_RUN_MS = 60_000;
const INVOICE_EDITS = new Set(['invoice.update', 'invoice.upsert', 'invoice.import']);

const fieldsOf = (item: EditItem): string => Object.keys(item.changes).sort().join(',');

/**
 * Whether `next` repeats `first` closely enough to be said once (decision 0041): the same change
 * by the same person (or the system) to the same fields within a minute — an import of 50
 * invoices wrote 50 such entries. Invoices are merged whatever they changed to (each one is
 * named); anything else only when it reads exactly the same.
 */
function repeats(first: TimelineItem, next: TimelineItem): boolean {
  if (first.kind !== 'edit' || next.kind !== 'edit') return false;
  if (first.action !== next.action || first.actor_id !== next.actor_id || fieldsOf(first) !== fieldsOf(next)) return false;
  if (Math.abs(Date.parse(first.at) - Date.parse(next.at)) > SAME_RUN_MS) return false;
  return INVOICE_EDITS.has(first.action) || describeTimelineItem(first) === describeTimelineItem(next);
}

/** The items as lines, each run of repeated edits one line. */
export function timelineLines(items: readonly TimelineItem[]): TimelineLine[] {
  const lines: TimelineLine[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last && repeats(last.item, item)) last.also.push(item);
    else lines.push({ item, also: [] });
  }
  return lines;
}

/** "INV-1, INV-2 and INV-3". */
function inWords(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}`;
}

/**
 * A line as a sentence: an item's own, or a run's: "Invoices INV-1, INV-2 and INV-3, by an
 * import: reference and payment link changed" (what each changed to differs; its page says), or
 * "Invoices …: payment link set to …" when it was the same for all; anything else "… (3 times)".
 */
export function describeTimelineLine(line: TimelineLine): string {
  const { item, also } = line;
  if (also.length === 0 || item.kind !== 'edit') return describeTimelineItem(item);
  const run = [item, ...also].filter((i): i is EditItem => i.kind === 'edit');
  if (!INVOICE_EDITS.has(item.action)) return `${describeTimelineItem(item)} (${run.length} times)`;
  const numbers = run.map((i) => editInvoiceName(i).replace(/^Invoice /, ''));
  const how = item.action === 'invoice.import' ? ', by an import' : '';
  const words = run.map((i) => editChangeWords(i).join('; '));
  const same = words.every((w) => w === words[0]);
  const fields = inWords(Object.keys(item.changes).map((f) => auditFieldLabel(f).toLowerCase()));
  return `Invoices ${inWords(numbers)}${how}: ${same && words[0] ? words[0] : `${fields} changed`}`;
}
