import { describe, expect, it } from 'vitest';

import { isPublicApiPath } from './public-paths';

describe('isPublicApiPath', () => {
  it('answers for a listed path and everything under it, with or without a query string', () => {
    expect(['/api/auth/token', '/api/auth', '/api/invitations/7f3c?token=x', '/api/instance/', '/api/inbound/email', '/api/health']
      .every(isPublicApiPath)).toBe(true);
  });

  it('not for the members’ routes beside them, nor a path that only starts with the same letters', () => {
    expect(['/api/inbound/unassigned/', '/api/stripe/connect/', '/api/customers/', '/api/authority', '/api/instances', '/api/invitationsx']
      .some(isPublicApiPath)).toBe(false);
  });
});
