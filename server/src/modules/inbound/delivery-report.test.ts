import { describe, expect, it } from 'vitest';

import { FIXTURE_IDS, readInboundFixture } from '../../../test/support/inbound-fixtures';

import { bounceOf, type DeliveryReport, readDeliveryReport, type ReportPart } from './delivery-report';
import { parseInboundEmail } from './parse-inbound';
import { describeStatus } from './status-codes';

const part = (contentType: string, ...lines: string[]): ReportPart => ({ contentType, content: Buffer.from(lines.join('\r\n')) });

describe('delivery status notifications from real MTAs', () => {
  it('reads a Postfix hard bounce: the recipient, 5.1.1, the remote words, and our Message-ID from the returned message', async () => {
    const mail = await parseInboundEmail(readInboundFixture('dsn-postfix-user-unknown'));
    expect(mail.deliveryReport).toEqual({
      originalMessageId: FIXTURE_IDS.messageId,
      reportingMta: 'mail.acme.example',
      recipients: [{
        address: 'accounts@northwind.example',
        originalRecipient: 'accounts@northwind.example',
        action: 'failed',
        status: '5.1.1',
        // Folded over two lines in the report, one line here.
        diagnostic: '550 5.1.1 <accounts@northwind.example>: Recipient address rejected: User unknown in virtual mailbox table',
        remoteMta: 'mx.northwind.example',
        permanent: true,
      }],
    });
    expect(bounceOf(mail.deliveryReport!)).toEqual({
      action: 'failed',
      recipient: 'accounts@northwind.example',
      permanent: true,
      reason: '550 5.1.1 <accounts@northwind.example>: Recipient address rejected: User unknown in virtual mailbox table',
    });
    // The human-readable notification is the text; the report and the returned reminder are not files.
    expect(mail.text).toMatch(/^This is the mail system at host mail\.acme\.example\./);
    expect(mail.attachments).toEqual([]);
    expect(mail.subject).toBe('Undelivered Mail Returned to Sender');
  });

  it('reads an Exim soft bounce: given up on a full mailbox, 4.2.2, transient', async () => {
    const mail = await parseInboundEmail(readInboundFixture('dsn-exim-mailbox-full'));
    const report = mail.deliveryReport!;
    expect(report.originalMessageId).toBe(FIXTURE_IDS.messageId);
    expect(report.recipients).toEqual([expect.objectContaining({ address: 'ap@fabrikam.example', action: 'failed', status: '4.2.2', permanent: false })]);
    expect(bounceOf(report)).toEqual({ action: 'failed', recipient: 'ap@fabrikam.example', permanent: false, reason: '452 4.2.2 <ap@fabrikam.example>: Mailbox full' });
    expect(mail.attachments).toEqual([]);
  });

  it('reads an Exchange delay that returns only headers: the folded Message-ID, 4.4.1 in words when no diagnostic is given', async () => {
    const mail = await parseInboundEmail(readInboundFixture('dsn-exchange-delayed-headers-only'));
    const report = mail.deliveryReport!;
    expect(report.originalMessageId).toBe(FIXTURE_IDS.messageId);
    expect(report.recipients).toEqual([{
      address: 'finance@litware.example', originalRecipient: 'finance@litware.example', action: 'delayed', status: '4.4.1',
      diagnostic: null, remoteMta: null, permanent: false,
    }]);
    expect(bounceOf(report)).toEqual({ action: 'delayed', recipient: 'finance@litware.example', permanent: false, reason: '4.4.1 no answer from host (temporary)' });
    expect(mail.attachments).toEqual([]);
  });

  it('reads a report on a message that is not ours, naming that message', async () => {
    const mail = await parseInboundEmail(readInboundFixture('dsn-not-ours'));
    expect(mail.deliveryReport?.originalMessageId).toBe('<CAHk9xQ2mV7sLr0Fd3Tp8Wb1Nc6Yg4Ze5Ju0Ka9Xh2Ri7Om3S@mail.gmail.com>');
    expect(bounceOf(mail.deliveryReport!)).toMatchObject({ permanent: true, reason: '550 5.7.1 Message rejected as spam by Content Filtering.' });
    expect(mail.deliveryReport?.recipients[0]?.remoteMta).toBe('mx.nowhere.example. (198.51.100.9, the server for the domain nowhere.example.)');
  });

  it('does not read a plain-text bounce without an RFC 3464 report (qmail): it is no delivery report', async () => {
    const mail = await parseInboundEmail(readInboundFixture('bounce-qmail-plain-text'));
    expect(mail.deliveryReport).toBeNull();
    expect(mail.subject).toBe('failure notice');
    expect(mail.text).toContain('Sorry, no mailbox here by that name. (#5.1.1)');
  });

  it('gives no report for mail that is not a multipart/report, even one carrying a delivery-status part', async () => {
    const raw = [
      'Subject: Fwd: bounce', 'Content-Type: multipart/mixed; boundary="m"', '',
      '--m', 'Content-Type: text/plain', '', 'See below.', '--m', 'Content-Type: message/delivery-status', '',
      'Reporting-MTA: dns; x', '', 'Final-Recipient: rfc822; a@b.example', 'Action: failed', 'Status: 5.1.1', '--m--', '',
    ].join('\r\n');
    const mail = await parseInboundEmail(Buffer.from(raw));
    expect(mail.deliveryReport).toBeNull();
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['message/delivery-status']);
  });
});

describe('readDeliveryReport', () => {
  it('reads every recipient group, in order, whatever the case and spacing of its fields', () => {
    const report = readDeliveryReport([part('message/delivery-status',
      'Reporting-MTA: dns;mx.example', '',
      'final-recipient: RFC822; <Ann@Example.COM>', 'ACTION: Delivered', 'status: 2.0.0', '',
      'Final-Recipient: rfc822;bob@example.com', 'Action: failed', 'Status: 5.2.2 (mailbox full)', 'Diagnostic-Code: smtp;552 Mailbox', '  over quota', '',
    )]);
    expect(report?.recipients.map((r) => [r.address, r.action, r.status, r.diagnostic, r.permanent])).toEqual([
      ['ann@example.com', 'delivered', '2.0.0', null, false],
      ['bob@example.com', 'failed', '5.2.2', '552 Mailbox over quota', true],
    ]);
    expect(bounceOf(report!)?.recipient).toBe('bob@example.com');
  });

  it('tolerates per-message and recipient fields run together, and blank lines with spaces in them', () => {
    const report = readDeliveryReport([part('message/delivery-status',
      '', 'Reporting-MTA: dns; old.example', 'Final-Recipient: rfc822; c@example.com', 'Action: failed', 'Status: 5.1.2', '   ', '')]);
    expect(report).toMatchObject({ reportingMta: 'old.example', recipients: [{ address: 'c@example.com', status: '5.1.2', permanent: true }] });
  });

  it('finds the status in the diagnostic, else in the SMTP reply code, else in the action', () => {
    const statusOf = (...fields: string[]): string | undefined =>
      readDeliveryReport([part('message/delivery-status', 'Reporting-MTA: dns; x', '', 'Final-Recipient: rfc822; d@example.com', ...fields)])?.recipients[0]?.status;
    expect(statusOf('Action: failed', 'Diagnostic-Code: smtp; 550 5.7.26 Unauthenticated email')).toBe('5.7.26');
    expect(statusOf('Action: failed', 'Diagnostic-Code: smtp; 421 Try again later')).toBe('4.0.0');
    expect(statusOf('Action: failed', 'Status: 550')).toBe('5.0.0');
    expect(statusOf('Action: delayed')).toBe('4.0.0');
    expect(statusOf('Action: failed')).toBe('5.0.0');
  });

  it('takes the original Message-ID from the returned headers, else X-Original-Message-ID, else what the report is threaded under', () => {
    const status = part('message/delivery-status', 'Reporting-MTA: dns; x', 'X-Original-Message-ID: <from-field@acme.example>', '', 'Final-Recipient: rfc822; e@example.com', 'Action: failed', 'Status: 5.0.0');
    const headers = part('text/rfc822-headers', '', 'From: a@acme.example', 'Message-ID: <returned@acme.example>', '');
    expect(readDeliveryReport([status, headers])?.originalMessageId).toBe('<returned@acme.example>');
    expect(readDeliveryReport([status])?.originalMessageId).toBe('<from-field@acme.example>');
    const bare = part('message/delivery-status', 'Reporting-MTA: dns; x', '', 'Final-Recipient: rfc822; e@example.com', 'Action: failed', 'Status: 5.0.0');
    expect(readDeliveryReport([bare], '<threaded@acme.example>')?.originalMessageId).toBe('<threaded@acme.example>');
    expect(readDeliveryReport([bare])?.originalMessageId).toBeNull();
  });

  it('reads an SMTPUTF8 report (message/global-delivery-status) the same way, and none without a status part', () => {
    const report = readDeliveryReport([part('message/global-delivery-status', 'Reporting-MTA: dns; x', '', 'Final-Recipient: utf-8; jörg@example.de', 'Action: failed', 'Status: 5.1.1')]);
    expect(report?.recipients[0]).toMatchObject({ address: 'jörg@example.de', permanent: true });
    expect(readDeliveryReport([part('message/rfc822', 'Subject: x', '', 'y')])).toBeNull();
  });
});

describe('bounceOf', () => {
  const recipient = (action: string, status: string, diagnostic: string | null = null): DeliveryReport['recipients'][number] =>
    ({ address: `${action}@example.com`, originalRecipient: null, action, status, diagnostic, remoteMta: null, permanent: status.startsWith('5') });
  const report = (...recipients: DeliveryReport['recipients']): DeliveryReport => ({ originalMessageId: null, reportingMta: null, recipients });

  it('chooses the first recipient that failed or is delayed, and is null when all were delivered, relayed or expanded', () => {
    expect(bounceOf(report(recipient('relayed', '2.0.0'), recipient('delayed', '4.2.2'), recipient('failed', '5.1.1')))?.recipient).toBe('delayed@example.com');
    expect(bounceOf(report(recipient('delivered', '2.0.0'), recipient('expanded', '2.0.0')))).toBeNull();
    expect(bounceOf(report())).toBeNull();
  });

  it('gives the remote server\'s words when there are any, else the status in words', () => {
    expect(bounceOf(report(recipient('failed', '5.2.2', '552 5.2.2 Quota exceeded')))?.reason).toBe('552 5.2.2 Quota exceeded');
    expect(bounceOf(report(recipient('failed', '5.1.1')))).toMatchObject({ permanent: true, reason: '5.1.1 mailbox does not exist' });
    expect(bounceOf(report(recipient('delayed', '4.2.2')))).toMatchObject({ permanent: false, reason: '4.2.2 mailbox full (temporary)' });
  });
});

describe('describeStatus', () => {
  it('says what the common RFC 3463 codes mean, and the subject of the others', () => {
    expect(describeStatus('5.1.1')).toBe('5.1.1 mailbox does not exist');
    expect(describeStatus('5.2.2')).toBe('5.2.2 mailbox full');
    expect(describeStatus('4.2.2')).toBe('4.2.2 mailbox full (temporary)');
    expect(describeStatus('5.7.1')).toBe('5.7.1 refused by policy');
    expect(describeStatus('4.4.1')).toBe('4.4.1 no answer from host (temporary)');
    expect(describeStatus('5.1.10')).toBe('5.1.10 domain accepts no mail');
    expect(describeStatus('5.2.9')).toBe('5.2.9 mailbox problem');
    expect(describeStatus('5.0.0')).toBe('5.0.0 delivery problem');
    expect(describeStatus('5.9.9')).toBe('5.9.9 delivery problem');
  });
});
