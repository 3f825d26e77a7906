/**
 * Message-IDs as we store and compare them: `<id>`, angle brackets included, exactly as our sender
 * writes its own (`<uuid@domain>`, modules/delivery/prepare-email.ts), so a reply's In-Reply-To
 * or References is compared with event.message_id as a plain string.
 */

/**
 * The first message id in a header value, as `<id>`: comments, surrounding text and whitespace
 * dropped, brackets added when a client left them out. Null when there is none.
 */
export function normaliseMessageId(value: string | null | undefined): string | null {
  return readMessageIds(value)[0] ?? null;
}

/**
 * Every message id in a header value (References), in order, each once. Old clients write
 * `In-Reply-To: Your message of … <id>`, some separate ids with commas or leave the brackets off;
 * when a value has bracketed ids, only those count.
 */
export function readMessageIds(value: string | null | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1] ?? '');
  const ids = bracketed.length > 0 ? bracketed : withoutComments(value).split(/[\s,]+/).filter((word) => word.includes('@'));
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id.length > 0).map((id) => `<${id}>`))];
}

/** RFC 5322 comments, `(like this)`, which may sit anywhere whitespace may. */
function withoutComments(value: string): string {
  return value.replace(/\([^()]*\)/g, ' ');
}
