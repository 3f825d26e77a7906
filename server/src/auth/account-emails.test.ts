import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { isAddressChange } from './account-emails';

const key = new TextEncoder().encode('a-secret-of-at-least-thirty-two-bytes!');
const token = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);

describe('isAddressChange', () => {
  it('tells a change of address (better-auth’s token carries updateTo) from a confirmation of the address in use', async () => {
    expect(isAddressChange(await token({ email: 'old@example.com', updateTo: 'new@example.com' }))).toBe(true);
    expect(isAddressChange(await token({ email: 'old@example.com' }))).toBe(false);
  });

  it('is false for anything that is not a token', () => {
    for (const junk of ['', 'abc', 'a.b.c', 'a.%%%.c']) expect(isAddressChange(junk)).toBe(false);
  });
});
