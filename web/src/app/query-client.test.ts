import { describe, expect, it } from 'vitest';

import { RequestError } from '../lib/api-client';

import { createQueryClient, retryDelay, shouldRetry } from './query-client';

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

  it('backs off from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps cached data for 5 minutes', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(300_000);
    expect(queries?.gcTime).toBe(300_000);
  });
});
