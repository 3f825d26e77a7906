import { describe, expect, it } from 'vitest';

import { FIXTURE_IDS, readInboundFixture } from '../../../test/support/inbound-fixtures';

import { headerValues } from './inbound-headers';
import { parseInboundEmail } from './parse-inbound';

describe('parseInboundEmail on replies from the common clients', () => {
  it('reads an Outlook plain-text reply: sender, thread, text with its quoted history', async () => {
    const mail = await parseInboundEmail(readInboundFixture('outlook-reply'));
    expect(mail.from).toEqual({ address: 'priya.natarajan@northwind.example', name: 'Priya Natarajan' });
    expect(mail.to).toEqual([{ address: FIXTURE_IDS.replyAddress, name: 'Acme Ltd Accounts' }]);
    expect(mail.cc).toEqual([{ address: 'ap@northwind.example', name: 'Ap, Northwind' }]);
    expect(mail.subject).toBe('RE: Reminder: invoice INV-1042 is overdue');
    expect(mail.messageId).toBe('<DB9PR08MB7042A1B2C3D4E5F6A7B8C9D0E1F2A3B4@DB9PR08MB7042.eurprd08.prod.outlook.com>');
    expect(mail.inReplyTo).toBe(FIXTURE_IDS.messageId);
    expect(mail.references).toEqual([FIXTURE_IDS.earlierMessageId, FIXTURE_IDS.messageId]);
    expect(mail.date?.toISOString()).toBe('2026-11-23T10:14:02.000Z');
    // Quoted-printable soft breaks joined; line breaks LF only.
    expect(mail.text).toMatch(/^Hi,\n\nWe paid INV-1042 on Friday by BACS, reference NW-88213\. It should be with you by Wednesday/);
    expect(mail.text).toContain('-----Original Message-----\nFrom: Acme Ltd <accounts@acme.example>');
    expect(mail.text).not.toContain('\r');
    expect(mail.html).toBeNull();
    expect(mail.attachments).toEqual([]);
    expect(mail.deliveryReport).toBeNull();
    expect(mail.parseProblem).toBeNull();
  });

  it('reads a Gmail reply: the encoded name, the text part, the PDF as a file and the logo as inline', async () => {
    const mail = await parseInboundEmail(readInboundFixture('gmail-reply-with-attachment'));
    expect(mail.from).toEqual({ address: 'zoe.hart@gmail.com', name: 'Zoë Hart' });
    expect(mail.text).toContain('we paid £1,240.00 today for INV-1042.');
    expect(mail.html).toContain('<div dir="ltr"><div>Hello,</div>');
    expect(mail.attachments.map(({ content: _content, ...rest }) => rest)).toEqual([
      { filename: 'hart-logo.png', contentType: 'image/png', size: 70, disposition: 'inline', contentId: 'ii_m3x7k2p50', isInline: true },
      { filename: 'Remittance advice NW-88213.pdf', contentType: 'application/pdf', size: 672, disposition: 'attachment', contentId: 'f_m3x7k9q21', isInline: false },
    ]);
    const pdf = mail.attachments[1]!;
    expect(Buffer.from(pdf.content).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(Buffer.from(pdf.content).toString('latin1')).toContain('Remittance advice NW-88213');
    expect(mail.html).toContain('cid:ii_m3x7k2p50');
  });

  it('reads an Apple Mail reply in ISO-8859-1: subject and name from encoded words, the quoted-printable body', async () => {
    const mail = await parseInboundEmail(readInboundFixture('apple-mail-reply-latin1'));
    expect(mail.subject).toBe('Re: Relance : facture n° 1042 à régler');
    expect(mail.from).toEqual({ address: 'rene.dupre@dupre-fils.example', name: 'René Dupré' });
    expect(mail.text).toContain('Nous avons réglé la facture n° 1042 par virement le 20 novembre. Vous devriez le recevoir');
    expect(mail.text).toContain('> La facture n° 1042 d\'un montant de 1 240,00 EUR était due le 6 novembre 2026.');
    expect(mail.date?.toISOString()).toBe('2026-11-23T13:31:09.000Z');
  });

  it('reads an Exchange out-of-office: its auto-reply headers, and the base64 UTF-8 text', async () => {
    const mail = await parseInboundEmail(readInboundFixture('out-of-office-exchange'));
    expect(mail.subject).toBe('Automatic reply: Reminder: invoice INV-1042 is overdue');
    expect(mail.headers.first['auto-submitted']).toBe('auto-replied');
    expect(mail.headers.first['x-auto-response-suppress']).toBe('All');
    expect(mail.text).toBe([
      'Thank you for your email. I am out of the office until Monday 7 December 2026 with no access to email.',
      '',
      'For anything urgent, please contact our accounts team at accounts@contoso.example or call +44 20 7946 0321.',
      '',
      'Tomasz Kowalczyk – Finance Manager, Contoso',
    ].join('\n'));
    expect(mail.inReplyTo).toBe(FIXTURE_IDS.messageId);
    expect(mail.deliveryReport).toBeNull();
  });

  it('keeps every header in order, duplicates included, and the first of each by name', async () => {
    const mail = await parseInboundEmail(readInboundFixture('outlook-reply'));
    expect(mail.headers.first['x-mailer']).toBe('Microsoft Outlook 16.0');
    expect(mail.headers.first['x-ms-has-attach']).toBe('');
    expect(mail.headers.all[0]).toEqual({ name: 'x-fixture', value: expect.stringContaining('written for tests') as string });
    const received = headerValues(mail.headers, 'Received');
    expect(received).toHaveLength(2);
    // Unfolded: the line breaks go, the folding whitespace stays.
    expect(received[0]).toMatch(/^from EUR05-AM6-obe\.outbound\.protection\.outlook\.com .*\tby in\.acme\.example/);
    expect(received[1]).toMatch(/^from DB9PR08MB7042\.eurprd08\.prod\.outlook\.com .* with mapi id/);
    expect(mail.headers.first.received).toBe(received[0]);
    // Plain data: it stores as jsonb and reads back the same.
    expect(JSON.parse(JSON.stringify(mail.headers))).toEqual({ first: { ...mail.headers.first }, all: mail.headers.all });
  });
});

describe('parseInboundEmail when only HTML was sent', () => {
  it('gives the HTML as text: paragraphs, quoted history marked, links kept, images and markup gone', async () => {
    const raw = [
      'From: Ana <ana@example.com>',
      'Subject: Paid',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<div>We paid <b>£500</b> today.</div><div><br></div><div><br></div><div><img src="cid:x"></div>',
      '<p>Receipt: <a href="https://bank.example/r/1">our receipt</a></p>',
      '<blockquote><p>Invoice INV-7 is overdue.</p></blockquote><script>alert(1)</script>',
    ].join('\r\n');
    const mail = await parseInboundEmail(Buffer.from(raw));
    expect(mail.html).toContain('<b>£500</b>');
    expect(mail.text).toBe('We paid £500 today.\n\nReceipt: our receipt [https://bank.example/r/1]\n\n> Invoice INV-7 is overdue.');
  });
});

describe('parseInboundEmail on forwarded messages', () => {
  const forward = (disposition: string | null): Buffer => Buffer.from([
    'From: Ana <ana@example.com>', 'Subject: Fwd: remittance', 'Content-Type: multipart/mixed; boundary="f"', '',
    '--f', 'Content-Type: text/plain', '', 'See the forwarded remittance.', '--f', 'Content-Type: message/rfc822',
    ...(disposition ? [`Content-Disposition: ${disposition}`] : []), '',
    'From: Bank <noreply@bank.example>', 'Subject: Payment sent', 'Content-Type: multipart/mixed; boundary="g"', '',
    '--g', 'Content-Type: text/plain', '', 'GBP 500 sent to Acme Ltd.', '--g', 'Content-Type: application/pdf; name="advice.pdf"',
    'Content-Disposition: attachment; filename="advice.pdf"', 'Content-Transfer-Encoding: base64', '', 'JVBERi0xLjQK', '--g--', '--f--', '',
  ].join('\r\n'));

  it('shows one without a disposition inline, as mail clients do: its text in the body, its attachment among ours', async () => {
    const mail = await parseInboundEmail(forward(null));
    expect(mail.text).toContain('See the forwarded remittance.');
    expect(mail.text).toContain('GBP 500 sent to Acme Ltd.');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([['advice.pdf', 'application/pdf', 9]]);
  });

  it('keeps one marked as an attachment as a file', async () => {
    const mail = await parseInboundEmail(forward('attachment; filename="remittance.eml"'));
    expect(mail.text).toBe('See the forwarded remittance.');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['remittance.eml', 'message/rfc822']]);
  });
});
