/**
 * Domains anyone can have an address at (decision 0044): two senders at one of these are no more
 * likely to work together than two strangers, so a shared domain says nothing about the customer.
 * The big international providers, their country variants most common among a British finance
 * team's customers, and the ISPs' own mail. A domain left out only costs a suggestion a person
 * declines; one wrongly listed only costs a suggestion never made.
 */
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com',
  'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'hotmail.fr', 'hotmail.de', 'hotmail.it', 'hotmail.es',
  'live.com', 'live.co.uk', 'msn.com', 'windowslive.com', 'outlook.co.uk',
  'yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'yahoo.it', 'yahoo.es', 'yahoo.ie', 'ymail.com', 'rocketmail.com',
  'icloud.com', 'me.com', 'mac.com',
  'aol.com', 'aol.co.uk', 'aim.com',
  'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me', 'tutanota.com', 'tuta.io', 'fastmail.com', 'fastmail.fm', 'hey.com',
  'zoho.com', 'zohomail.com', 'yandex.com', 'yandex.ru', 'mail.ru', 'gmx.com', 'gmx.co.uk', 'gmx.de', 'gmx.net', 'web.de',
  'mail.com', 'email.com', 'inbox.com', 'hushmail.com', 'qq.com', '163.com', '126.com',
  'btinternet.com', 'btopenworld.com', 'sky.com', 'talktalk.net', 'virginmedia.com', 'ntlworld.com', 'blueyonder.co.uk',
  'tiscali.co.uk', 'plus.net', 'o2.co.uk', 'orange.net', 'wanadoo.co.uk', 'eircom.net',
  'orange.fr', 'wanadoo.fr', 'free.fr', 'laposte.net', 'sfr.fr', 't-online.de', 'libero.it', 'virgilio.it',
  'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net', 'bellsouth.net', 'cox.net', 'shaw.ca', 'rogers.com',
  'bigpond.com', 'optusnet.com.au', 'xtra.co.nz',
]);

/** The domain of an address, lower-cased; null when it has none. */
export function domainOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : address.slice(at + 1).trim().toLowerCase().replace(/\.$/, '');
  return domain.includes('.') ? domain : null;
}

/** Whether anyone can have an address at `domain`, so it tells nothing of who they work for. */
export const isFreeMailDomain = (domain: string): boolean => FREE_MAIL_DOMAINS.has(domain.toLowerCase());
