import { describe, expect, it } from 'vitest';

import { RequestError } from '../lib/api-client';

import { shouldRetry } from './query-client';

const http = (status: number) => new RequestError({ kind: 'http', status, message: 'x' });

describe('query retry policy', () => {
  it('retries server and network failures up to 3 times', () => {
    expect(shouldRetry(0, http(500))).toBe(true);
    expect(shouldRetry(2, new RequestError({ kind: 'network', message: 'x' }))).toBe(true);
    expect(shouldRetry(3, http(503))).toBe(false);
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
