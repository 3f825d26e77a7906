import { IDEMPOTENCY_KEY_MAX } from '@receivables/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { withOrg } from '../db/client';
import { idempotencyKey } from '../db/schema';
import { AppError } from '../errors/app-error';
import type { OrgScope, RequestScope } from '../org/org-scope';

import { requestHash } from './request-hash';

export interface WriteOutcome<T> {
  status: number;
  body: T;
}

/**
 * Run a write at most once per `Idempotency-Key` (docs/api-conventions.md). `run` gets the
 * caller's organisation scope, its database handle inside the claiming transaction when a key is given. The key is claimed, the write runs
 * and its answer is stored in one transaction, so a retry either replays the stored answer or,
 * if the first attempt failed and rolled back, runs again. A concurrent retry waits on the claim.
 * The same key with another method, path or body is IDEMPOTENCY_KEY_REUSED. Failures are not
 * stored: a request that was refused may be retried with the same key once corrected.
 */
/** The request's scope inside the write's transaction. */
type WriteScope = Omit<RequestScope, 'db'> & OrgScope;

export async function idempotentWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (org: WriteScope) => Promise<WriteOutcome<T>>,
): Promise<T> {
  const org = request.org;
  const { db, orgId } = org;
  const key = idempotencyKeyOf(request);
  if (key === undefined) {
    const outcome = await run(org);
    reply.code(outcome.status);
    return outcome.body;
  }
  const path = (request.url.split('?', 1)[0] ?? '').replace(/\/+$/, '');
  const hash = requestHash(request.method, path, request.body);
  const outcome = await withOrg(db, orgId, async (tx) => {
    const claimed = await tx.execute(sql`
      insert into idempotency_key (org_id, key, method, path, request_hash, status, response_body)
      values (${orgId}, ${key}, ${request.method}, ${path}, ${hash}, 0, 'null'::jsonb)
      on conflict (org_id, key) do nothing
      returning id`);
    if (claimed.rows.length === 0) {
      const [stored] = await tx.select().from(idempotencyKey).where(and(eq(idempotencyKey.orgId, orgId), eq(idempotencyKey.key, key)));
      if (!stored) throw new Error('idempotency key claimed by another request but not found');
      if (stored.requestHash !== hash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', `This Idempotency-Key was already used for a different request (${stored.method} ${stored.path}); use a new key for a new request`, [
          { field: 'idempotency-key', reason: 'was used with a different method, path or body' },
        ]);
      }
      return { status: stored.status, body: stored.responseBody as T, replayed: true };
    }
    const result = await run({ ...org, db: tx });
    await tx
      .update(idempotencyKey)
      .set({ status: result.status, responseBody: result.body })
      .where(and(eq(idempotencyKey.orgId, orgId), eq(idempotencyKey.key, key)));
    return { ...result, replayed: false };
  });
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(outcome.status);
  return outcome.body;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (key === undefined) return undefined;
  // Routes declare the header in their schema; this is the fence for any that forget.
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header is not valid', [
      { field: 'idempotency-key', reason: `must be 1–${IDEMPOTENCY_KEY_MAX} characters` },
    ]);
  }
  return key;
}
