/**
 * Just enough MIME for the delivery tests to read what nodemailer sent: the top-level headers
 * (unfolded, an encoded-word subject decoded) and the text and HTML parts of a
 * multipart/alternative message, quoted-printable or base64 decoded.
 */
export interface ReadMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export function readMail(raw: string): ReadMail {
  const [head, body] = splitOnce(raw, /\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const chunk of chunks) {
    const [partHead, partBody] = splitOnce(chunk.replace(/^\r?\n/, ''), /\r?\n\r?\n/);
    const h = parseHeaders(partHead);
    const type = (h.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    parts[type] = decodeBody(partBody.replace(/\r?\n$/, ''), h.get('content-transfer-encoding') ?? '7bit');
  }
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

function splitOnce(text: string, separator: RegExp): [string, string] {
  const match = separator.exec(text);
  if (!match) return [text, ''];
  return [text.slice(0, match.index), text.slice(match.index + match[0].length)];
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQp(body);
  return body;
}

function decodeQp(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    const hex = text.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')));
}
