import { describe, expect, it } from 'vitest';

import { requestHash } from './request-hash';

describe('requestHash', () => {
  it('is the same for the same request whatever the key order, at every level', () => {
    expect(requestHash('POST', '/api/x', { a: 1, b: { d: [1, { f: 2, e: 1 }], c: undefined } })).toBe(
      requestHash('POST', '/api/x', { b: { d: [1, { e: 1, f: 2 }] }, a: 1 }),
    );
  });
  it('differs by method, path and body', () => {
    const h = requestHash('POST', '/api/x', { a: 1 });
    expect(requestHash('PUT', '/api/x', { a: 1 })).not.toBe(h);
    expect(requestHash('POST', '/api/y', { a: 1 })).not.toBe(h);
    expect(requestHash('POST', '/api/x', { a: 2 })).not.toBe(h);
  });
});
