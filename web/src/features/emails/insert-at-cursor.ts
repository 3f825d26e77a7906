/** Where the caret was in a text field: a collapsed range when nothing is selected. */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * `snippet` typed over `range` of `text`, as if the person had typed it there: a selection is
 * replaced, and the caret lands just after the snippet. With no range (the field was never
 * focused) it goes at the end. Out-of-range or reversed positions are clamped, never thrown.
 */
export function insertAtCursor(text: string, range: TextRange | null, snippet: string): { text: string; caret: number } {
  const clamp = (n: number) => Math.min(Math.max(0, n), text.length);
  const from = range ? clamp(Math.min(range.start, range.end)) : text.length;
  const to = range ? clamp(Math.max(range.start, range.end)) : text.length;
  return { text: text.slice(0, from) + snippet + text.slice(to), caret: from + snippet.length };
}
