import { describe, expect, it } from 'vitest';

import { isSecretKey, REDACTED, redactSecrets } from './redact-secrets';

describe('redactSecrets', () => {
  it('replaces the value of every secret-named field, at any depth and in any spelling', () => {
    const redacted = redactSecrets({
      host: 'smtp.acme.test',
      password: 'hunter2',
      smtpPasswordSealed: 'v1.abc',
      nested: { client_secret: 'cs_live', items: [{ access_token: 'tok' }, { apiKey: 'k' }] },
      dkim_private_key: { pem: 'x' },
      'API-Key': 42,
    });
    expect(redacted).toEqual({
      host: 'smtp.acme.test',
      password: REDACTED,
      smtpPasswordSealed: REDACTED,
      nested: { client_secret: REDACTED, items: [{ access_token: REDACTED }, { apiKey: REDACTED }] },
      dkim_private_key: REDACTED,
      'API-Key': REDACTED,
    });
  });

  it('keeps what says nothing secret under a secret name: null and booleans', () => {
    const harmless = { password: null, has_password: true, token: false };
    expect(redactSecrets(harmless)).toEqual(harmless);
    // A marker is redacted too: the rule does not depend on what the value looks like.
    expect(redactSecrets({ password: 'set' })).toEqual({ password: REDACTED });
  });

  it('removes the password from a URL and a private key from any text, whatever the field is called', () => {
    expect(redactSecrets({ server: 'smtps://mailer:p%40ss@smtp.acme.test:465', note: 'see https://acme.test/a@b' })).toEqual({
      server: `smtps://mailer:${REDACTED}@smtp.acme.test:465`,
      note: 'see https://acme.test/a@b',
    });
    expect(redactSecrets({ smtp_url: 'smtp://smtp.acme.test' })).toEqual({ smtp_url: REDACTED });
    expect(redactSecrets({ pem: '-----BEGIN RSA PRIVATE KEY-----\nMIIE…' })).toEqual({ pem: REDACTED });
  });

  it('leaves ordinary values as they were, and null as null', () => {
    const values = { name: 'Acme', tags: ['a', 'b'], amount_due: 1200, due_date: '2026-01-31', idempotency_key: 'k-1', workflow_id: null };
    expect(redactSecrets(values)).toEqual(values);
    expect(redactSecrets(null)).toBeNull();
  });

  it('names secrets by their words, not by chance substrings', () => {
    expect(['password', 'webhookSecret', 'refresh_token', 'privateKey', 'Authorization', 'smtp_url'].every(isSecretKey)).toBe(true);
    expect(['key', 'idempotency_key', 'tokens_used', 'selector', 'domain', 'passage', 'secretary'].some(isSecretKey)).toBe(false);
  });
});
