import type { ErrorBody } from '@receivables/contracts';
import { healthSchema } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { createDatabase } from '../src/db/client';

import { useIntegrationEnv } from './integration-env';
import { signUpWithOrg, startTestServer } from './support';

const env = useIntegrationEnv();

describe('health', () => {
  it('GET /api/health is public and reports the database up', async () => {
    const res = await fetch(`${env.server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(healthSchema.parse(await res.json())).toMatchObject({ status: 'ok', database: 'up' });
    expect((await fetch(`${env.server.baseUrl}/api/health/`)).status).toBe(200);
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = createDatabase('postgres://nobody@127.0.0.1:1/none');
    const server = await startTestServer(broken.db);
    try {
      const res = await fetch(`${server.baseUrl}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await server.close();
      await broken.close();
    }
  });
});

describe('HTTP conventions', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/customers/x/y/z', '/api']) {
      const res = await fetch(`${env.server.baseUrl}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as ErrorBody).error.code).toBe('NOT_FOUND');
    }
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await fetch(`${env.server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.server.origin },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('VALIDATION_FAILED');
  });

  it('serves the OpenAPI document with the customer routes', async () => {
    const res = await fetch(`${env.server.baseUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
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
    const user = await signUpWithOrg(env.server.baseUrl, env.server.origin);
    const failing = createDatabase('postgres://nobody@127.0.0.1:1/none');
    // A server whose database is gone but whose tokens verify: the customers query fails inside.
    const server = await startTestServer(failing.db);
    try {
      const res = await fetch(`${server.baseUrl}/api/customers/`, { headers: { authorization: `Bearer ${user.token}` } });
      // The guard needs the database (keys, membership), so this surfaces as a 500 from inside.
      expect(res.status).toBe(500);
      const body = (await res.json()) as ErrorBody;
      expect(body).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
    } finally {
      await server.close();
      await failing.close();
    }
  });
});
