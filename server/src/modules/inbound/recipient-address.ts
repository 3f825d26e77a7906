import { replyTokenEventId } from '../delivery/reply-token';

/**
 * Our reply addresses are `reply+<token>@<reply_to_domain>` (decision 0020,
 * modules/delivery/reply-token.ts). Mail systems may change the case of a local part, so `reply`
 * is matched in any case and the token is read lower-cased, as it was made.
 */

export interface ReplyAddressReading {
  /** What follows `reply+`, lower-cased; null when the address has no such tag. A tag not shaped like our tokens is kept, to be refused. */
  token: string | null;
  /** The event the token names, when it is shaped like ours (its MAC is checked with isReplyTokenFor). */
  eventId: string | null;
  /** Lower-cased, without a trailing dot. */
  domain: string;
}

/** An address's local part and domain, from `a@b`, `<a@b>` or `"a"@b`; the domain lower-cased. */
export function splitAddress(address: string): { localPart: string; domain: string } {
  const bare = address.trim().replace(/^<(.*)>$/, '$1').trim();
  const at = bare.lastIndexOf('@');
  const localPart = (at < 0 ? bare : bare.slice(0, at)).replace(/^"(.*)"$/, '$1');
  const domain = (at < 0 ? '' : bare.slice(at + 1)).toLowerCase().replace(/\.$/, '');
  return { localPart, domain };
}

/** Whether a local part is `reply` or `reply+…`: one of our reply addresses, with or without its token. */
export function isReplyLocalPart(localPart: string): boolean {
  return /^reply(?:\+|$)/i.test(localPart);
}

/** The token of a `reply+<token>` local part, lower-cased; null for any other local part or an empty tag. */
export function replyTokenOfLocalPart(localPart: string): string | null {
  const match = /^reply\+(.+)$/i.exec(localPart);
  return match?.[1]?.toLowerCase() ?? null;
}

export function readReplyTokenFromAddress(address: string): ReplyAddressReading {
  const { localPart, domain } = splitAddress(address);
  const token = replyTokenOfLocalPart(localPart);
  return { token, eventId: token === null ? null : replyTokenEventId(token), domain };
}
