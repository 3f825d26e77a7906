import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (an organisation's SMTP password, its DKIM private key): AES-256-GCM with the
 * server's key (SECRETS_KEY, else one generated into DATA_DIR; decision 0019).
 *
 * A sealed value is text: `v1.<key id>.<iv>.<ciphertext>.<tag>`, each part base64url. `v1` names the
 * scheme, so another can follow without guessing; the key id (a hash prefix of the key) tells a
 * wrong key from a tampered value and leaves room for rotation. The context (e.g. the organisation
 * and the column) is authenticated too, so a sealed value copied to another row does not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext; throws SecretBoxError if the value was sealed with another key, altered or moved. */
  open(sealed: string, context: string): string;
}

export class SecretBoxError extends Error {
  readonly reason: 'format' | 'wrong_key' | 'tampered';

  constructor(reason: SecretBoxError['reason'], message: string) {
    super(message);
    this.name = 'SecretBoxError';
    this.reason = reason;
  }
}

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A box over a 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`a secrets key is ${KEY_BYTES} bytes, not ${key.length}`);
  const keyId = createHash('sha256').update('receivables secret-box key id').update(key).digest().subarray(0, 6).toString('base64url');
  const aad = (context: string) => Buffer.from(`${VERSION}.${keyId}.${context}`, 'utf8');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError('format', 'not a sealed secret of a known version');
      const [, id, ivText, ciphertextText, tagText] = parts as [string, string, string, string, string];
      if (id !== keyId) throw new SecretBoxError('wrong_key', 'this secret was sealed with another key (is SECRETS_KEY the one it was saved with?)');
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('format', 'not a sealed secret of a known version');
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(context));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('tampered', 'this secret was altered, or belongs to another record');
      }
    },
  };
}

/** A SECRETS_KEY value: base64 (or base64url) of exactly 32 bytes. Throws a plain reason otherwise. */
export function parseSecretsKey(value: string): Buffer {
  const text = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new Error('must be base64 (e.g. `openssl rand -base64 32`)');
  const key = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`must decode to ${KEY_BYTES} bytes (got ${key.length}); make one with \`openssl rand -base64 32\``);
  return key;
}

/** A new random key in the form SECRETS_KEY takes. */
export function generateSecretsKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}
