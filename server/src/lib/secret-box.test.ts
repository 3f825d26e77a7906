import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { createSecretBox, generateSecretsKey, parseSecretsKey, SecretBoxError } from './secret-box';

const box = createSecretBox(randomBytes(32));

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof SecretBoxError) return error.reason;
    throw error;
  }
  return 'opened';
}

/** Flip one bit of the base64url part at `index` of a sealed value. */
function flipBit(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  it('opens what it sealed, unicode and empty text included, and never shows the plaintext', () => {
    for (const secret of ['hunter2', '', 'pässwörd ✓ with spaces', 'x'.repeat(5000)]) {
      const sealed = box.seal(secret, 'org-1/smtp_password');
      if (secret) expect(sealed).not.toContain(secret);
      expect(sealed.startsWith('v1.')).toBe(true);
      expect(box.open(sealed, 'org-1/smtp_password')).toBe(secret);
    }
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('detects any altered part: IV, ciphertext or tag', () => {
    const sealed = box.seal('hunter2', 'ctx');
    for (const index of [2, 3, 4]) expect(reasonOf(() => box.open(flipBit(sealed, index), 'ctx'))).toBe('tampered');
  });

  it('refuses a value moved to another record (the context is authenticated)', () => {
    const sealed = box.seal('hunter2', 'org-1/smtp_password');
    expect(reasonOf(() => box.open(sealed, 'org-2/smtp_password'))).toBe('tampered');
  });

  it('refuses a value sealed with another key, saying so', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('hunter2', 'ctx');
    expect(reasonOf(() => box.open(sealed, 'ctx'))).toBe('wrong_key');
    // Even with the key id forged, the other key's ciphertext does not authenticate.
    const ownId = box.seal('x', 'ctx').split('.')[1] ?? '';
    const forged = sealed.split('.').map((part, i) => (i === 1 ? ownId : part)).join('.');
    expect(reasonOf(() => box.open(forged, 'ctx'))).toBe('tampered');
  });

  it('refuses what is not a sealed value of a known version', () => {
    const sealed = box.seal('hunter2', 'ctx');
    expect(reasonOf(() => box.open('hunter2', 'ctx'))).toBe('format');
    expect(reasonOf(() => box.open(sealed.replace(/^v1/, 'v9'), 'ctx'))).toBe('format');
    expect(reasonOf(() => box.open(sealed.split('.').slice(0, 4).join('.'), 'ctx'))).toBe('format');
  });

  it('takes a key of 32 bytes only', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('SECRETS_KEY', () => {
  it('reads a generated key, base64 or base64url', () => {
    const key = generateSecretsKey();
    expect(parseSecretsKey(key)).toHaveLength(32);
    expect(parseSecretsKey(Buffer.from(key, 'base64').toString('base64url'))).toEqual(parseSecretsKey(key));
  });

  it('refuses a key of the wrong size or not base64, saying how to make one', () => {
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes .*openssl rand -base64 32/);
    expect(() => parseSecretsKey('not a key!')).toThrow(/base64/);
  });
});
