import { describe, expect, it } from 'vitest';

import { parseInboundEmail } from './parse-inbound';

const crlf = (...lines: string[]): Buffer => Buffer.from(lines.join('\r\n'));

describe('parseInboundEmail never throws on malformed mail', () => {
  it('reads garbage bytes as a message with nothing known about it', async () => {
    const mail = await parseInboundEmail(Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0a, 0x0d, 0x0a, 0x80, 0x81, 0x41, 0x42, 0]));
    expect(mail).toMatchObject({ subject: '', from: null, to: [], messageId: null, inReplyTo: null, references: [], date: null, deliveryReport: null });
    expect(mail.text).toContain('AB');
    // PostgreSQL refuses NUL in text and jsonb: none is left anywhere.
    expect(JSON.stringify(mail)).not.toContain('\\u0000');
  });

  it('reads an empty message and one with no headers', async () => {
    expect(await parseInboundEmail(new Uint8Array(0))).toMatchObject({ subject: '', text: '', html: null, attachments: [], headers: { all: [] } });
    const mail = await parseInboundEmail(crlf('', 'Just a body line, sent without any headers.', ''));
    expect(mail.headers.all).toEqual([]);
    expect(mail.text).toBe('Just a body line, sent without any headers.');
  });

  it('reads raw 8-bit Latin-1 headers as Latin-1 rather than replacement characters, and leaves the body alone', async () => {
    const raw = Buffer.concat([
      Buffer.from('From: Ren\xe9 Dupr\xe9 <rene@dupre.example>\r\nSubject: Facture r\xe9gl\xe9e\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n', 'latin1'),
      Buffer.from('Réglée hier.\r\n', 'utf8'),
    ]);
    const mail = await parseInboundEmail(raw);
    expect(mail.subject).toBe('Facture réglée');
    expect(mail.from).toEqual({ address: 'rene@dupre.example', name: 'René Dupré' });
    expect(mail.text).toBe('Réglée hier.');
  });

  it('keeps UTF-8 headers (RFC 6532) as they are', async () => {
    const mail = await parseInboundEmail(crlf('From: Zoë <zoe@example.com>', 'Subject: Payé – merci', '', 'x'));
    expect(mail.subject).toBe('Payé – merci');
    expect(mail.from?.name).toBe('Zoë');
  });

  it('reads a folded subject as one line', async () => {
    const mail = await parseInboundEmail(crlf('Subject: Re: Reminder: invoice INV-1042', '\tis overdue', '', 'x'));
    expect(mail.subject).toBe('Re: Reminder: invoice INV-1042 is overdue');
  });

  it('decodes RFC 2047 words: B and Q, several charsets, adjacent words joined, plain text around them', async () => {
    const mail = await parseInboundEmail(crlf(
      'From: =?UTF-8?B?w4VzYSBMaW5kYmVyZw==?= <asa@example.se>',
      'Subject: Re: =?UTF-8?B?RmFrdHVyYSAxMDQyIMOkciBiZXRhbGQ=?=',
      ' =?ISO-8859-1?Q?_=28s=E5_klart=29?= tack',
      '',
      'Hej',
    ));
    expect(mail.from).toEqual({ address: 'asa@example.se', name: 'Åsa Lindberg' });
    expect(mail.subject).toBe('Re: Faktura 1042 är betald (så klart) tack');
  });

  it('shows the body of a multipart whose boundary never appears, or that declares none', async () => {
    const wrongBoundary = await parseInboundEmail(crlf(
      'Subject: Broken', 'Content-Type: multipart/alternative; boundary="declared"', '',
      '--other', 'Content-Type: text/plain', '', 'We paid on Monday.', '--other--', ''));
    expect(wrongBoundary.subject).toBe('Broken');
    expect(wrongBoundary.text).toContain('We paid on Monday.');
    const noBoundary = await parseInboundEmail(crlf('Subject: No boundary', 'Content-Type: multipart/mixed', '', 'We paid on Tuesday.', ''));
    expect(noBoundary.text).toContain('We paid on Tuesday.');
  });

  it('keeps the parts before a boundary that is never closed', async () => {
    const mail = await parseInboundEmail(crlf(
      'Subject: Cut short', 'Content-Type: multipart/mixed; boundary="b"', '',
      '--b', 'Content-Type: text/plain; charset=utf-8', '', 'First part.', '--b', 'Content-Type: text/plain', '', 'Second part, and then the message ends'));
    expect(mail.text).toContain('First part.');
    expect(mail.text).toContain('Second part, and then the message ends');
  });

  it('reads a message nested deeper than postal-mime allows from its headers and raw body, saying why', async () => {
    let raw = 'From: Deep <deep@example.com>\r\nSubject: Nested\r\nMessage-ID: <deep@example.com>\r\n';
    for (let depth = 0; depth < 300; depth++) raw += `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n`;
    raw += 'Content-Type: text/plain\r\n\r\nAt the bottom.\r\n';
    const mail = await parseInboundEmail(Buffer.from(raw));
    expect(mail.parseProblem).toMatch(/nesting depth/);
    expect(mail).toMatchObject({ subject: 'Nested', from: { address: 'deep@example.com', name: 'Deep' }, messageId: '<deep@example.com>' });
    expect(mail.text).toContain('At the bottom.');
  });

  it('reads a message with more header bytes than postal-mime allows', async () => {
    const mail = await parseInboundEmail(crlf('Subject: Huge', `X-Padding: ${'a'.repeat(2_200_000)}`, '', 'Still here.'));
    expect(mail.parseProblem).toMatch(/header size/);
    expect(mail.subject).toBe('Huge');
    expect(mail.text).toBe('Still here.');
  });

  it('reads HTML nested too deep for html-to-text as its words', async () => {
    const mail = await parseInboundEmail(crlf('Subject: Deep HTML', 'Content-Type: text/html', '', `${'<div>'.repeat(50_000)}Paid.${'</div>'.repeat(50_000)}`));
    expect(mail.parseProblem).toBeNull();
    expect(mail.html).toContain('Paid.');
    expect(mail.text).toBe('Paid.');
  });

  it('normalises message ids written without brackets or with comments, and ignores a date it cannot read', async () => {
    const mail = await parseInboundEmail(crlf(
      'Message-ID: abc.123@mail.example',
      'In-Reply-To: Your message of 20 Nov 2026 <3f1c@acme.example> (from Acme)',
      'References: <1@acme.example>,<2@acme.example> <1@acme.example>',
      'Date: sometime last week',
      '', 'x'));
    expect(mail.messageId).toBe('<abc.123@mail.example>');
    expect(mail.inReplyTo).toBe('<3f1c@acme.example>');
    expect(mail.references).toEqual(['<1@acme.example>', '<2@acme.example>']);
    expect(mail.date).toBeNull();
  });

  it('treats headers named like object properties as data', async () => {
    const mail = await parseInboundEmail(crlf('constructor: x', '__proto__: y', 'toString: z', 'Subject: s', '', 'x'));
    expect(mail.headers.first.constructor).toBe('x');
    expect(mail.headers.first.__proto__).toBe('y');
    expect(mail.headers.first.tostring).toBe('z');
    expect(mail.headers.first.hasownproperty).toBeUndefined();
    expect(mail.subject).toBe('s');
  });

  it('gives an address group as its members, and the first mailbox of a From group', async () => {
    const mail = await parseInboundEmail(crlf('From: Accounts: Ann <ann@x.example>, bob@x.example;', 'To: undisclosed-recipients:;', 'Cc: Team: c@x.example;', '', 'x'));
    expect(mail.from).toEqual({ address: 'ann@x.example', name: 'Ann' });
    expect(mail.to).toEqual([]);
    expect(mail.cc).toEqual([{ address: 'c@x.example', name: null }]);
  });
});
