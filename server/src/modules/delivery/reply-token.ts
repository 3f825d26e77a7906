import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Reply addresses (docs/decisions/0021-replies.md): `reply+<token>@<reply_to_domain>`, where the token names the
 * email a reply answers and proves we made it. The token is the event id and an HMAC of the
 * organisation, customer and event under a key derived from SECRETS_KEY, in lower-case base32:
 * mail systems may change the case of a local part, and the whole address stays within the 64
 * characters a local part may have. Parsing replies is the inbound mail's (a later issue): it
 * reads the event id, loads the event, and checks the MAC with `isReplyTokenFor`.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const ID_CHARS = 26; // 16 bytes
const MAC_BYTES = 10;

export interface ReplyTokenSubject {
  orgId: string;
  customerId: string;
  eventId: string;
}

export function replyToken(key: Buffer, subject: ReplyTokenSubject): string {
  return base32(uuidBytes(subject.eventId)) + base32(mac(key, subject));
}

export function replyAddress(key: Buffer, subject: ReplyTokenSubject, domain: string): string {
  return `reply+${replyToken(key, subject)}@${domain}`;
}

/** The event id a token names, or null when it is not one of ours in shape (its MAC is checked with isReplyTokenFor). */
export function replyTokenEventId(token: string): string | null {
  const lower = token.toLowerCase();
  if (lower.length !== ID_CHARS + Math.ceil((MAC_BYTES * 8) / 5) || !/^[a-z2-7]+$/.test(lower)) return null;
  const hex = unbase32(lower.slice(0, ID_CHARS), 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether `token` was made by us for exactly this organisation, customer and event. */
export function isReplyTokenFor(key: Buffer, token: string, subject: ReplyTokenSubject): boolean {
  const lower = token.toLowerCase();
  if (replyTokenEventId(lower) !== subject.eventId.toLowerCase()) return false;
  const given = unbase32(lower.slice(ID_CHARS), MAC_BYTES);
  return timingSafeEqual(given, mac(key, subject));
}

function mac(key: Buffer, s: ReplyTokenSubject): Buffer {
  return createHmac('sha256', key).update(`${s.orgId}/${s.customerId}/${s.eventId}`.toLowerCase()).digest().subarray(0, MAC_BYTES);
}

function uuidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET.charAt((value << (5 - bits)) & 31);
  return out;
}

function unbase32(text: string, length: number): Buffer {
  const out = Buffer.alloc(length);
  let bits = 0;
  let value = 0;
  let i = 0;
  for (const c of text) {
    value = (value << 5) | ALPHABET.indexOf(c);
    bits += 5;
    if (bits >= 8 && i < length) {
      out[i++] = (value >>> (bits - 8)) & 255;
      bits -= 8;
    }
  }
  return out;
}
