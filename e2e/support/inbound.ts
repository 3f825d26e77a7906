import { randomUUID } from 'node:crypto';

import type { APIRequestContext } from '@playwright/test';
import type { InboundSecret, InboundWebhookResponse } from '@receivables/contracts';

import { apiPost } from './api';

/** The organisation's inbound webhook secret, made as Settings → Email makes it (shown once). */
export async function makeInboundSecret(request: APIRequestContext): Promise<string> {
  return (await apiPost<InboundSecret>(request, '/api/settings/email/inbound-secret', {})).secret;
}

export interface RawEmailSpec {
  from: string;
  subject: string;
  /** The Message-ID it answers (ours), for In-Reply-To and References. */
  inReplyTo?: string;
  /** Plain text; lines are joined with CRLF as on the wire. */
  text: string[];
  /** More top-level headers: an auto-reply's Auto-Submitted. */
  headers?: Record<string, string>;
  /** One small file, sent base64 as mail clients do. */
  attachment?: { filename: string; contentType: string; content: Buffer };
}

/** A message as a mail client writes it (RFC 5322, CRLF), with a Message-ID of its own. */
export function rawEmail(spec: RawEmailSpec): Buffer {
  const boundary = `b-${randomUUID()}`;
  const head = [
    `From: ${spec.from}`,
    'To: accounts@journeys-receivables.example',
    `Subject: ${spec.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@mail.customer.example>`,
    ...(spec.inReplyTo ? [`In-Reply-To: ${spec.inReplyTo}`, `References: ${spec.inReplyTo}`] : []),
    ...Object.entries(spec.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
  ];
  const text = spec.text.join('\r\n');
  if (!spec.attachment) return Buffer.from([...head, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', text, ''].join('\r\n'));
  const file = spec.attachment;
  return Buffer.from(
    [
      ...head,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      text,
      `--${boundary}`,
      `Content-Type: ${file.contentType}; name="${file.filename}"`,
      `Content-Disposition: attachment; filename="${file.filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      file.content.toString('base64'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/** Hand a raw message to the inbound webhook as a forwarding service does: 202 with where it went. */
export async function postInbound(request: APIRequestContext, secret: string, raw: Buffer): Promise<InboundWebhookResponse> {
  const res = await request.post('/api/inbound/email', {
    data: raw,
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` },
  });
  if (res.status() !== 202) throw new Error(`/api/inbound/email answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as InboundWebhookResponse;
}
