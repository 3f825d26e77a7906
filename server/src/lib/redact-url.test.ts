import { describe, expect, it } from 'vitest';

import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    ['/api/auth/reset-password/Xyz987?callbackURL=%2Freset-password', '/api/auth/reset-password/[redacted]?callbackURL=[redacted]'],
    ['/api/auth/verify-email?token=eyJhbGci.x.y&callbackURL=/email-confirmed', '/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]'],
    ['/invitations/8f1e-uuid?token=k3Jx9', '/invitations/[redacted]?token=[redacted]'],
    ['/api/invitations/8f1e-uuid?token=k3Jx9', '/api/invitations/[redacted]?token=[redacted]'],
    ['/callback/stripe?state=s&install_signature=sig&user_id=u', '/callback/stripe?state=[redacted]&install_signature=[redacted]&user_id=u'],
    ['/api/customers/?q=north&page=2', '/api/customers/?q=north&page=2'],
    ['/api/customers/c1/', '/api/customers/c1/'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
