import { createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

/** RSA 2048: what every verifier accepts and a DNS TXT record holds in one string (decision 0019). */
export const DKIM_KEY_BITS = 2048;

export interface DkimKeyPair {
  /** PKCS#8 PEM, as nodemailer's `dkim.privateKey` takes it; sealed before it is stored. */
  privateKeyPem: string;
  /** Base64 of the SubjectPublicKeyInfo DER: the `p=` of the DNS record. */
  publicKeyBase64: string;
}

/** A new signing key pair (off the event loop: RSA generation takes tens of milliseconds). */
export async function generateDkimKeyPair(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', {
    modulusLength: DKIM_KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyBase64: publicKey.toString('base64') };
}

/** The public half of a PEM private key, as `p=` wants it. */
export function dkimPublicKeyOf(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** The TXT record a domain publishes so receivers can verify its signatures. */
export function dkimDnsRecord(domain: string, selector: string, publicKeyBase64: string): { name: string; value: string } {
  return { name: `${selector}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKeyBase64}` };
}
