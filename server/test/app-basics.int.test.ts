import type { ErrorBody } from '@receivables/contracts';
import { healthSchema } from '@receivables/contracts';
import { describe, expect, inject, it } from 'vitest';

import { createDatabase } from '../src/db/client';

import { useIntegrationEnv } from './integration-env';
import { apiClient, createTestDatabase, startTestServer } from './support';

const env = useIntegrationEnv();

describe('health', () => {
  it('GET /api/health is public and reports the database up', async () => {
    const res = await env.anonymous()('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(healthSchema.parse(res.body)).toMatchObject({ status: 'ok', database: 'up' });
    expect((await env.anonymous()('GET', '/api/health/')).status).toBe(200);
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = createDatabase('postgres://nobody@127.0.0.1:1/none');
    const server = await startTestServer(broken.db);
    try {
      const res = await apiClient(server)('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await server.close();
      await broken.close();
    }
  });
});

describe('HTTP conventions', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/customers/x/y/z', '/api']) {
      const res = await env.anonymous()<ErrorBody>('GET', path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await env.anonymous()<ErrorBody>('POST', '/api/auth/sign-in/email', '{"email":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('serves the OpenAPI document with the customer routes', async () => {
    const res = await env.anonymous()<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/customers/',
        '/api/customers/{id}/',
        '/api/customers/{id}/contact',
        '/api/customers/{id}/tags',
        '/api/customers/{id}/pause',
        '/api/customers/{id}/resume',
        '/api/customers/{id}/payments/',
        '/api/customers/{id}/timeline',
        '/api/customers/bulk',
        '/api/customers/export.csv',
        '/api/tags',
        '/api/invoices/',
        '/api/invoices/{id}/',
        '/api/payments/',
        '/api/health',
      ]),
    );
  });

  it('hides internal errors behind a generic 500', async () => {
    const user = await env.signUp();
    // A database that answers but holds none of our tables: every query is wrong, not refused, so
    // it is an internal error (a 500 with nothing of the cause), not an outage's 503 (decision 0033).
    const empty = await createTestDatabase(inject('adminDatabaseUrl'), { migrate: false });
    const server = await startTestServer(empty.db);
    try {
      const res = await apiClient(server, { token: user.token })('GET', '/api/customers/');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
    } finally {
      await server.close();
      await empty.drop();
    }
  });
});
