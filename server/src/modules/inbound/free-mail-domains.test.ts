import { describe, expect, it } from 'vitest';

import { domainOf, isFreeMailDomain } from './free-mail-domains';

describe('a sender’s domain', () => {
  it('is the part after the last @, lower-cased, when it is a domain', () => {
    expect(domainOf('Jane.Smith@ACME.co.uk')).toBe('acme.co.uk');
    expect(domainOf('"odd@name"@acme.example.')).toBe('acme.example');
    expect(domainOf('no-domain')).toBeNull();
    expect(domainOf('root@localhost')).toBeNull();
  });

  it('says nothing of the customer when anyone can have an address there', () => {
    for (const domain of ['gmail.com', 'Outlook.com', 'hotmail.co.uk', 'yahoo.co.uk', 'icloud.com', 'btinternet.com']) expect(isFreeMailDomain(domain)).toBe(true);
    expect(isFreeMailDomain('acme.co.uk')).toBe(false);
    expect(isFreeMailDomain('mail.google.com.acme.example')).toBe(false);
  });
});
