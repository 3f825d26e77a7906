import { describe, expect, it } from 'vitest';

import { emailAddressSchema, isEmailAddress } from './email';

describe('isEmailAddress', () => {
  it('accepts plain and internationalised domains', () => {
    expect(isEmailAddress('accounts@example.co.uk')).toBe(true);
    expect(isEmailAddress('accounts@bluedoorcafé.co.uk')).toBe(true);
    expect(isEmailAddress('first.last+tag@sub.example.com')).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'plain', '@example.com', 'a@', 'a b@example.com', 'a@exa mple.com', 'a@example', 'a@@example.com', 'a@ex/ample.com']) {
      expect(isEmailAddress(value), value).toBe(false);
    }
  });

  it('keeps the address as written after trimming', () => {
    expect(emailAddressSchema.parse('  accounts@bluedoorcafé.co.uk ')).toBe('accounts@bluedoorcafé.co.uk');
    const result = emailAddressSchema.safeParse('nobody');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/email address/);
  });
});
