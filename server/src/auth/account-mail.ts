import { escapeHtml } from '../lib/html-escape';
import type { OperationLog } from '../lib/operation-log';
import { type SmtpTimeouts, transportFor } from '../lib/smtp-transport';
import { smtpTargetFromUrl } from '../lib/smtp-url';

/** One account email: a few lines and the one link it exists to carry. */
export interface AccountMail {
  to: string;
  subject: string;
  /** Paragraphs before the link, plain text. */
  lines: string[];
  action: { label: string; url: string };
  /** Paragraphs after the link, e.g. how long it works and what to do if it was not you. */
  after: string[];
}

/**
 * How account emails leave (decision 0025): `smtp` through ACCOUNT_SMTP_URL or SMTP_URL; `log`
 * (no server, not production) writes the link to the server log so a self-hoster can still reset
 * a password or invite someone; `off` (no server in production) sends nothing and says so in the log.
 */
export type AccountMailMode = 'smtp' | 'log' | 'off';

export interface AccountMailer {
  mode: AccountMailMode;
  /** Send `mail`; resolves once the server took it (or it was logged). Rejects when the server refused it. */
  send(mail: AccountMail): Promise<void>;
}

export interface AccountMailSettings {
  accountSmtpUrl: string | undefined;
  accountFrom: string;
  timeouts: SmtpTimeouts;
}

/** The instance's sender of account emails: password resets, address checks, invitations. */
export function createAccountMailer(settings: AccountMailSettings, isProduction: boolean, log: OperationLog): AccountMailer {
  const { accountSmtpUrl: url } = settings;
  if (url) {
    const target = smtpTargetFromUrl(url);
    return {
      mode: 'smtp',
      send: async (mail) => {
        const transport = transportFor(target, null, settings.timeouts);
        await transport.sendMail({ from: settings.accountFrom, to: mail.to, subject: mail.subject, ...accountMailBody(mail) });
      },
    };
  }
  if (isProduction) {
    return {
      mode: 'off',
      send: (mail) => Promise.resolve(log.warn(`Account email "${mail.subject}" to ${mail.to} not sent: set ACCOUNT_SMTP_URL or SMTP_URL`)),
    };
  }
  return {
    mode: 'log',
    // The link is the whole point of the email: outside production, with no server, it is printed.
    send: (mail) => Promise.resolve(log.warn(`Account email "${mail.subject}" to ${mail.to} (no mail server, so printed here): ${mail.action.url}`)),
  };
}

/** The email's text and HTML: the same paragraphs, the link as a button in HTML and spelt out in both. */
export function accountMailBody(mail: AccountMail): { text: string; html: string } {
  const text = [...mail.lines, `${mail.action.label}: ${mail.action.url}`, ...mail.after].join('\n\n');
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const url = escapeHtml(mail.action.url);
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="font-family:Inter,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">',
    ...mail.lines.map(p),
    `<p style="margin:24px 0"><a href="${url}" style="background:#00796b;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(mail.action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px;color:#52606d">Or open this link: <a href="${url}">${url}</a></p>`,
    ...mail.after.map(p),
    '</body></html>',
  ].join('');
  return { text, html };
}
