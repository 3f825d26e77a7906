import { errorCodeSchema } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { codeForStatus, ERROR_STATUS, statusForCode } from './error-status';

const SPECIFIC = new Set(['CUSTOMER_NOT_FOUND', 'INVOICE_NOT_FOUND', 'TAG_NOT_FOUND', 'IMPORT_NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED']);

describe('error code → HTTP status', () => {
  it('maps every contract error code', () => {
    for (const code of errorCodeSchema.options) expect(statusForCode(code)).toBeTypeOf('number');
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...errorCodeSchema.options].sort());
  });

  it.each([
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CUSTOMER_NOT_FOUND', 404],
    ['INVOICE_NOT_FOUND', 404],
    ['TAG_NOT_FOUND', 404],
    ['IMPORT_NOT_FOUND', 404],
    ['IDEMPOTENCY_KEY_REUSED', 422],
    ['CONFLICT', 409],
    ['DOMAIN_RULE', 422],
    ['RATE_LIMITED', 429],
    ['PAYLOAD_TOO_LARGE', 413],
    ['INTERNAL', 500],
  ] as const)('%s → %i', (code, status) => {
    expect(statusForCode(code)).toBe(status);
  });

  it('maps bare statuses back to a code, hiding unknown 5xx as INTERNAL', () => {
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(415)).toBe('VALIDATION_FAILED');
    expect(codeForStatus(503)).toBe('INTERNAL');
    for (const code of errorCodeSchema.options) {
      // The specific codes share a status with the generic one a bare status maps back to.
      if (SPECIFIC.has(code)) continue;
      expect(codeForStatus(statusForCode(code))).toBe(code);
    }
  });
});
