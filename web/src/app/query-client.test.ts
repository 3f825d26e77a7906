import { describe, expect, it } from 'vitest';

import { RequestError } from '../lib/api-client';

import { shouldRetry } from './query-client';

const http = (status: number) => new RequestError({ kind: 'http', status, message: 'x' });

describe('query retry policy', () => {
  it('retries a server or network failure once, so the error shows within about two seconds', () => {
    expect(shouldRetry(0, http(500))).toBe(true);
    expect(shouldRetry(0, new RequestError({ kind: 'network', message: 'x' }))).toBe(true);
    expect(shouldRetry(1, new RequestError({ kind: 'network', message: 'x' }))).toBe(false);
    expect(shouldRetry(1, http(503))).toBe(false);
  });

  it('does not retry client errors other than 408 and 429', () => {
    expect(shouldRetry(0, http(400))).toBe(false);
    expect(shouldRetry(0, http(401))).toBe(false);
    expect(shouldRetry(0, http(404))).toBe(false);
    expect(shouldRetry(0, http(408))).toBe(true);
    expect(shouldRetry(0, http(429))).toBe(true);
  });

  it('does not retry an aborted request', () => {
    expect(shouldRetry(0, new RequestError({ kind: 'abort', message: 'x' }))).toBe(false);
  });
});
