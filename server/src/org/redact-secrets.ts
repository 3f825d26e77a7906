import type { AuditValues } from './record-audit';

/** What a secret is stored as in the audit log (decision 0027). */
export const REDACTED = '[redacted]';

/**
 * Words that make a field a secret wherever it appears, and pairs that do together ("private key",
 * "api key", "smtp url"): `password`, `smtpPasswordSealed`, `client_secret`, `access_token`,
 * `dkim_private_key`, `instance_smtp_url`… A bare `key` is not one: `idempotency_key` is not a secret.
 */
const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'secret', 'token', 'sealed', 'credential', 'credentials', 'authorization', 'cookie', 'apikey']);
const SECRET_PAIRS = new Set(['private key', 'api key', 'secret key', 'signing key', 'access key', 'smtp url']);

/** `smtpPasswordSealed` → ['smtp', 'password', 'sealed']; `api-key` → ['api', 'key']. */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a field of this name holds a secret, whatever its value looks like. */
export function isSecretKey(key: string): boolean {
  const parts = words(key);
  if (parts.some((w) => SECRET_WORDS.has(w))) return true;
  return parts.some((w, i) => i > 0 && SECRET_PAIRS.has(`${parts[i - 1]} ${w}`));
}

// scheme://user:password@host — the password goes, the user and the host stay (who and where is worth keeping).
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi;
const PEM_PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/** A value under an innocent name may still carry a secret: a URL with a password, a PEM private key. */
function redactText(value: string): string {
  if (PEM_PRIVATE_KEY.test(value)) return REDACTED;
  return value.replace(URL_CREDENTIALS, `$1:${REDACTED}@`);
}

/**
 * The secret-named field's value: null and booleans stay (`has_password: true`, a removed
 * password's null say nothing secret, and tell a person what changed); anything else becomes
 * {@link REDACTED}, so even "set" and "replaced" markers read the same.
 */
function redactSecretValue(value: unknown): unknown {
  return value === null || value === undefined || typeof value === 'boolean' ? (value ?? null) : REDACTED;
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    // Audit values are a few levels deep at most; anything deeper is not worth the risk of reading.
    if (depth > 8) return REDACTED;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        isSecretKey(k) ? redactSecretValue(v) : redactValue(v, depth + 1),
      ]),
    );
  }
  return value;
}

/**
 * An audit entry's before or after with every secret replaced (decision 0027): the one place
 * entries are written (recordAudit) passes through here, so no use case can store a secret by
 * mistake. Dates become their ISO text, as JSON would store them.
 */
export function redactSecrets(values: AuditValues | null): AuditValues | null {
  if (values === null) return null;
  const plain = JSON.parse(JSON.stringify(values)) as AuditValues;
  return redactValue(plain, 0) as AuditValues;
}
