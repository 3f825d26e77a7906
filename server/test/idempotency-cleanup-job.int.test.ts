import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { idempotencyKey } from '../src/db/schema';
import { deleteExpiredIdempotencyKeys } from '../src/jobs/idempotency-cleanup.job';

import { createTestDatabase, insertOrganization, type TestDatabase, withOrg } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

const NOW = new Date('2026-11-22T03:17:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function storeKey(orgId: string, key: string, createdAt: Date) {
  await withOrg(tdb.db, orgId, (tx) =>
    tx.insert(idempotencyKey).values({ orgId, key, method: 'POST', path: '/api/customers/', requestHash: 'h', status: 201, responseBody: {}, createdAt }),
  );
}

async function keysOf(orgId: string): Promise<string[]> {
  const rows = await withOrg(tdb.db, orgId, (tx) =>
    tx.select({ key: idempotencyKey.key }).from(idempotencyKey).where(eq(idempotencyKey.orgId, orgId)),
  );
  return rows.map((r) => r.key).sort();
}

describe('expiring stored idempotent answers', () => {
  it('deletes answers older than 30 days in every organisation and keeps the rest', async () => {
    const a = await insertOrganization(tdb.db);
    const b = await insertOrganization(tdb.db);
    await storeKey(a.id, 'a-old', daysBefore(31));
    await storeKey(a.id, 'a-recent', daysBefore(29));
    await storeKey(b.id, 'b-old', daysBefore(45));
    await storeKey(b.id, 'b-new', daysBefore(0));

    expect(await deleteExpiredIdempotencyKeys({ db: tdb.db, now: () => NOW })).toBe(2);
    expect(await keysOf(a.id)).toEqual(['a-recent']);
    expect(await keysOf(b.id)).toEqual(['b-new']);
    expect(await deleteExpiredIdempotencyKeys({ db: tdb.db, now: () => NOW })).toBe(0);
  });
});
