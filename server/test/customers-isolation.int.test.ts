import type { CustomerListResponse, ErrorBody } from '@receivables/contracts';
import { customerDetailSchema, customerSchema } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { customer } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import { type CustomerRecord, insertContact, insertCustomer, insertTag, type SignedUpUser, signUpWithOrg, tagCustomer, withOrg } from './support';

const env = useIntegrationEnv();
let a: SignedUpUser;
let b: SignedUpUser;
let aCustomer: CustomerRecord;
let bCustomer: CustomerRecord;

beforeAll(async () => {
  a = await signUpWithOrg(env.server, { orgName: 'Org A' });
  b = await signUpWithOrg(env.server, { orgName: 'Org B' });
  aCustomer = await insertCustomer(env.db.db, a.orgId, { name: 'Shared Name Ltd' });
  bCustomer = await insertCustomer(env.db.db, b.orgId, { name: 'Shared Name Ltd' });
  await insertContact(env.db.db, a.orgId, aCustomer.id, { email: 'a@a.example', role: 'primary' });
  const t = await insertTag(env.db.db, a.orgId, { name: 'VIP' });
  await tagCustomer(env.db.db, a.orgId, aCustomer.id, t.id);
});

describe('organisation isolation', () => {
  it("lists only the caller's organisation's customers", async () => {
    const { body } = await a.api<CustomerListResponse>('GET', '/api/customers/');
    expect(body.rows.map((r) => r.id)).toEqual([aCustomer.id]);
    expect(body.total).toBe(1);
  });

  it('GET /api/customers/:id returns own customer in the contract shape', async () => {
    const res = await a.api('GET', `/api/customers/${aCustomer.id}/`);
    expect(res.status).toBe(200);
    const body = customerSchema.parse(res.body);
    expect(body.contact?.email).toBe('a@a.example');
    expect(body.tags.map((t) => t.name)).toEqual(['VIP']);
    expect((await a.api('GET', `/api/customers/${aCustomer.id}`)).status).toBe(200);
  });

  it('GET /api/customers/:id says when Stripe deleted the customer, and null for one it did not', async () => {
    // An organisation of its own, so the other tests' lists are not changed.
    const c = await signUpWithOrg(env.server, { orgName: 'Org C' });
    const deleted = await insertCustomer(env.db.db, c.orgId, { stripeDeletedAt: new Date('2026-12-03T09:00:00Z') });
    const kept = await insertCustomer(env.db.db, c.orgId);
    const answer = async (id: string) => customerDetailSchema.parse((await c.api('GET', `/api/customers/${id}/`)).body).stripe_deleted_at;
    expect(await answer(deleted.id)).toBe('2026-12-03T09:00:00.000Z');
    expect(await answer(kept.id)).toBeNull();
  });

  it("answers 404 for another organisation's customer and for an unknown id", async () => {
    for (const id of [bCustomer.id, crypto.randomUUID()]) {
      const res = await a.api<ErrorBody>('GET', `/api/customers/${id}/`);
      expect(res.status).toBe(404);
      // The resource is named, and nothing tells another organisation's id from an unknown one.
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Customer not found' });
    }
  });

  it('answers 400 for a malformed id', async () => {
    const res = await a.api<ErrorBody>('GET', '/api/customers/not-a-uuid/');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toBe('The path is not valid');
    expect(res.body.error.details?.[0]?.field).toBe('id');
  });

  it('row-level security applies inside withOrg even to a raw query', async () => {
    const seen = await withOrg(env.db.db, a.orgId, async (tx) => {
      const result = await tx.execute(sql`select id, org_id from customer`);
      return result.rows as { id: string; org_id: string }[];
    });
    expect(seen.map((r) => r.org_id)).toEqual([a.orgId]);
    // Without an organisation set, nothing is visible at all.
    const none = await env.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local role receivables_app`);
      return (await tx.execute(sql`select count(*)::int as n from customer`)).rows[0] as { n: number };
    });
    expect(none.n).toBe(0);
  });

  it("row-level security refuses writing another organisation's rows", async () => {
    await expect(withOrg(env.db.db, a.orgId, (tx) => tx.insert(customer).values({ orgId: b.orgId, name: 'Sneaky' }))).rejects.toThrow();
    const updated = await withOrg(env.db.db, a.orgId, (tx) => tx.execute(sql`update customer set name = 'Hacked' where id = ${bCustomer.id}`));
    expect(updated.rowCount).toBe(0);
  });
});
