import { randomUUID } from 'node:crypto';

import type { APIRequestContext, APIResponse } from '@playwright/test';

/**
 * A plain reply as a person's mail client writes it (CRLF, as on the wire), to post to the
 * inbound webhook; matched by its sender among the organisation's contacts (decision 0021).
 */
export function rawReply({ from, to, subject, text }: { from: string; to: string; subject: string; text: string }): Buffer {
  return Buffer.from(
    [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <${randomUUID()}@e2e-replies.example>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      '',
    ].join('\r\n'),
  );
}

/** Post a raw message to the inbound webhook as a forwarding service does, with the organisation's secret. */
export async function postToInboundWebhook(
  request: APIRequestContext,
  webhookUrl: string,
  secret: string,
  raw: Buffer,
): Promise<APIResponse> {
  return request.post(webhookUrl, { headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' }, data: raw });
}
