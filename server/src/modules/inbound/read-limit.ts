/**
 * How much of a message's text is read (docs/decisions/0021-replies.md, Reading a reply): a
 * reply's own words come first and are short, while a pasted document or a long history read in
 * full would hold up the inbound worker — email-reply-parser's expressions and ours slow down with
 * the square of a long line (a 146,000-character line took the parser 86 seconds). The raw message
 * is kept whole regardless.
 */
export const READ_LIMIT = 20_000;

/** The part of `text` that is read: its first {@link READ_LIMIT} characters. */
export const readableText = (text: string): string => (text.length > READ_LIMIT ? text.slice(0, READ_LIMIT) : text);
