import { describe, expect, it } from 'vitest';

import { requestHash, stableJson } from './request-hash';

describe('stableJson', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(stableJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"e":1,"f":2}]},"b":1}');
  });
});

describe('requestHash', () => {
  it('is the same for the same request whatever the key order', () => {
    expect(requestHash('POST', '/api/x', { a: 1, b: 2 })).toBe(requestHash('POST', '/api/x', { b: 2, a: 1 }));
  });
  it('differs by method, path and body', () => {
    const h = requestHash('POST', '/api/x', { a: 1 });
    expect(requestHash('PUT', '/api/x', { a: 1 })).not.toBe(h);
    expect(requestHash('POST', '/api/y', { a: 1 })).not.toBe(h);
    expect(requestHash('POST', '/api/x', { a: 2 })).not.toBe(h);
  });
});
