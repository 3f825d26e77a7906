/** What a screen says when this server writes account links to its log instead of emailing them (decision 0026). */
export const LINK_IN_LOG =
  'This server has no mail server: the link was written to the server’s log. Ask the person who runs it for the link, or read the log yourself if that is you.';

/** What a screen says when this server cannot send account emails at all (production with no mail server). */
export const MAIL_OFF =
  'This server cannot send email yet, so no link can be sent. Ask the person who runs it to set a mail server (ACCOUNT_SMTP_URL).';
