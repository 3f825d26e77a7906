import { describe, expect, it } from 'vitest';

import { mailServerUpdateSchema, senderSettingsUpdateSchema } from './email-settings';
import { asciiHostName, isDomainName } from './mail-inputs';

describe('host and domain names', () => {
  it('reads a host name into its ASCII form, and refuses what a host name cannot hold', () => {
    expect(asciiHostName('Mail.Example.COM')).toBe('mail.example.com');
    expect(asciiHostName('bluedoorcafé.co.uk')).toBe('xn--bluedoorcaf-lbb.co.uk');
    for (const bad of ['', 'mail example.com', 'mail.example.com:25', 'smtp://x', '-x.com', 'x-.com', 'a..b', `${'a'.repeat(64)}.com`, 'x\r\ny']) {
      expect(asciiHostName(bad), bad).toBeNull();
    }
  });

  it('takes a domain of the public DNS only', () => {
    expect(isDomainName('replies.acme.co.uk')).toBe(true);
    for (const bad of ['localhost', '127.0.0.1', 'acme', 'acme.123']) expect(isDomainName(bad), bad).toBe(false);
  });
});

describe('mail settings inputs', () => {
  const sender = { from_name: 'Acme', from_email: 'accounts@acme.test', reply_to_domain: null, signature: null };
  it('keeps a line break out of anything that becomes a header', () => {
    expect(senderSettingsUpdateSchema.safeParse(sender).success).toBe(true);
    expect(senderSettingsUpdateSchema.safeParse({ ...sender, from_name: 'Acme\r\nBcc: x@y.z' }).success).toBe(false);
    expect(senderSettingsUpdateSchema.safeParse({ ...sender, signature: 'Jo\nAcme' }).success).toBe(true);
  });

  it('tells a password left out from one cleared, and refuses hostile ports', () => {
    const server = { source: 'organisation', host: 'smtp.acme.test', port: 587, security: 'starttls', username: 'u' };
    const kept = mailServerUpdateSchema.parse(server);
    expect('password' in kept).toBe(false);
    expect(mailServerUpdateSchema.parse({ ...server, password: null })).toMatchObject({ password: null });
    for (const port of [0, 65_536, 25.5, '25', -1]) expect(mailServerUpdateSchema.safeParse({ ...server, port }).success, String(port)).toBe(false);
    expect(mailServerUpdateSchema.safeParse({ ...server, pasword: 'typo' }).success).toBe(false);
  });
});
