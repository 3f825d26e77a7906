import type { Transporter } from 'nodemailer';

import { inlineLogo } from './inline-logo';
import type { OutgoingEmail } from './prepare-email';
import { classifySmtpError, type HandOffOutcome } from './smtp-outcome';

/** An email that can leave: it has a from address, hence our Message-ID. */
export type SendableEmail = OutgoingEmail & { messageId: string; from: { name: string; address: string } };

export const isSendable = (email: OutgoingEmail): email is SendableEmail => email.messageId !== null && email.from !== null;

const asAddress = (r: { name: string | null; email: string }) => (r.name ? { name: r.name, address: r.email } : r.email);

/**
 * Hand one email to the mail server over a pooled transport (DKIM-signed by it when the
 * organisation has a key) and say what came of it. Never throws: every error is an outcome.
 */
export async function handOff(transport: Transporter, email: SendableEmail): Promise<HandOffOutcome> {
  try {
    const { html, attachments } = inlineLogo(email.html);
    const info = (await transport.sendMail({
      from: email.from,
      to: email.to.map(asAddress),
      cc: email.cc.map(asAddress),
      subject: email.subject,
      html,
      text: email.text,
      ...(attachments.length > 0 ? { attachments } : {}),
      messageId: email.messageId,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      ...(email.inReplyTo ? { inReplyTo: email.inReplyTo, references: email.references ?? [email.inReplyTo] } : {}),
    })) as { response?: unknown; rejected?: unknown[] };
    const response = typeof info.response === 'string' ? info.response : 'accepted';
    // Some recipients refused while others were taken: it went, and the answer says to whom not.
    const refused = (info.rejected ?? []).map(String);
    return { kind: 'accepted', response: refused.length > 0 ? `${response} (refused: ${refused.join(', ')})` : response };
  } catch (error) {
    return classifySmtpError(error);
  }
}
