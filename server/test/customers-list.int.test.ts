import type { Customer, CustomerListResponse, CustomerSortField } from '@receivables/contracts';
import { customerListResponseSchema, customerSortFieldSchema } from '@receivables/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { type ApiAnswer, type CustomerRecord, expectError, insertContact, insertCustomer, insertTag, type SignedUpUser, tagCustomer } from './support';

const env = useIntegrationEnv();
let user: SignedUpUser;
const c: Record<string, CustomerRecord> = {};
const tags: Record<string, string> = {};

function cust(key: string): CustomerRecord {
  const found = c[key];
  if (!found) throw new Error(`no customer ${key}`);
  return found;
}

beforeAll(async () => {
  user = await env.signUp();
  const db = env.db.db;
  const org = user.orgId;
  const add = async (key: string, input: Parameters<typeof insertCustomer>[2]) => {
    c[key] = await insertCustomer(db, org, input);
  };
  await add('alpha', { name: 'alpha Ltd', currency: 'GBP', amountOverdue: 5000, nInvoices: 1, dueDate: '2024-05-01', lastChaseAt: new Date('2024-05-10T10:00:00Z'), standing: 'single_missed', createdAt: new Date('2024-01-05T00:00:00Z') });
  await add('bravo', { name: 'Bravo plc', currency: 'EUR', amountOverdue: 20000, nInvoices: 3, dueDate: '2024-03-01', lastChaseAt: null, standing: 'multiple_missed', createdAt: new Date('2024-01-03T00:00:00Z') });
  await add('charlie', { name: 'charlie & co', currency: 'GBP', amountOverdue: 0, nInvoices: 0, dueDate: null, lastChaseAt: new Date('2024-04-01T09:00:00Z'), standing: 'in_good_standing', createdAt: new Date('2024-01-07T00:00:00Z') });
  await add('delta', { name: 'Delta Traders', currency: 'USD', amountOverdue: 7000, nInvoices: 2, dueDate: '2024-04-15', lastChaseAt: new Date('2024-05-12T08:00:00Z'), standing: 'multiple_missed', createdAt: new Date('2024-01-01T00:00:00Z') });
  await add('echo', { name: 'echo 50%_off', currency: 'GBP', amountOverdue: 100, nInvoices: 1, dueDate: '2024-05-20', lastChaseAt: null, standing: 'paused', createdAt: new Date('2024-01-02T00:00:00Z') });
  await add('foxtrot', { name: 'Foxtrot Foods', currency: 'GBP', amountOverdue: 20000, nInvoices: 1, dueDate: '2024-05-02', lastChaseAt: new Date('2024-05-11T08:00:00Z'), standing: 'single_missed', createdAt: new Date('2024-01-06T00:00:00Z') });
  await add('golf', { name: 'Golf Garden', currency: 'GBP', amountOverdue: 3000, nInvoices: 1, dueDate: '2024-05-05', lastChaseAt: new Date('2024-05-01T08:00:00Z'), standing: 'single_missed', createdAt: new Date('2024-01-04T00:00:00Z') });

  await insertContact(db, org, cust('alpha').id, { email: 'accounts@alpha.example', name: 'Ann Alpha', role: 'primary' });
  await insertContact(db, org, cust('alpha').id, { email: 'boss@alpha.example', role: 'escalation' });
  await insertContact(db, org, cust('bravo').id, { email: 'bravo@bravo.example', role: 'primary' });
  await insertContact(db, org, cust('delta').id, { email: 'delta@delta.example', role: 'primary' });
  await insertContact(db, org, cust('echo').id, { email: 'only-escalation@echo.example', role: 'escalation' });
  await insertContact(db, org, cust('foxtrot').id, { email: 'ap@foxtrot.example', role: 'primary' });
  await insertContact(db, org, cust('golf').id, { email: 'golf@golf.example', role: 'primary' });

  tags.t1 = (await insertTag(db, org, { name: 'Key account', colour: '#00897b' })).id;
  tags.t2 = (await insertTag(db, org, { name: 'Disputed', colour: '#e53935' })).id;
  await tagCustomer(db, org, cust('alpha').id, tags.t1);
  await tagCustomer(db, org, cust('bravo').id, tags.t1);
  await tagCustomer(db, org, cust('bravo').id, tags.t2);
  await tagCustomer(db, org, cust('delta').id, tags.t2);
});

async function list(params: Record<string, string | number | object>): Promise<ApiAnswer> {
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  return user.api('GET', `/api/customers/?${search.toString()}`);
}

async function listOk(params: Record<string, string | number | object> = {}): Promise<CustomerListResponse> {
  const res = await list(params);
  expect(res.status, res.text).toBe(200);
  return customerListResponseSchema.parse(res.body);
}

const names = (r: CustomerListResponse) => r.rows.map((row) => row.name);
const keysOf = (r: CustomerListResponse) => r.rows.map((row) => Object.entries(c).find(([, v]) => v.id === row.id)?.[0]);

describe('GET /api/customers/', () => {
  it('defaults: name ascending, everything, with primary contact and tags', async () => {
    const r = await listOk();
    expect(r.total).toBe(7);
    expect(names(r)).toEqual(['alpha Ltd', 'Bravo plc', 'charlie & co', 'Delta Traders', 'echo 50%_off', 'Foxtrot Foods', 'Golf Garden']);
    const bravo = r.rows[1] as Customer;
    expect(bravo.contact).toMatchObject({ email: 'bravo@bravo.example', role: 'primary' });
    expect(bravo.tags.map((t) => t.name)).toEqual(['Disputed', 'Key account']);
    expect(bravo.amount_overdue).toBe(20000);
    expect(bravo.due_date).toBe('2024-03-01');
    expect(r.rows[0]?.contact?.email).toBe('accounts@alpha.example');
    expect(r.rows[2]?.contact).toBeNull();
    expect(r.rows[4]?.contact).toBeNull(); // only an escalation contact
    expect(r.rows[2]?.tags).toEqual([]);
  });

  it('is reachable without the trailing slash', async () => {
    const res = await user.api('GET', '/api/customers');
    expect(res.status).toBe(200);
  });

  it('answers the Home query: top 5 debtors by amount overdue, in one currency', async () => {
    const r = await listOk({
      limit: 5,
      sort_field: 'amount_overdue',
      sort_order: 'desc',
      filter_str: [{ field: 'amount_overdue', operator: 'gt', value: 0 }, { field: 'currency', operator: 'eq', value: 'GBP' }],
    });
    expect(r.total).toBe(4);
    expect(names(r)).toEqual(['Foxtrot Foods', 'alpha Ltd', 'Golf Garden', 'echo 50%_off']);
  });

  it('pages with limit and offset, keeping the total', async () => {
    const pages = await Promise.all([0, 3, 6].map((offset) => listOk({ limit: 3, offset })));
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7]);
    expect(pages.flatMap(names)).toEqual(names(await listOk()));
    const past = await listOk({ limit: 3, offset: 100 });
    expect(past).toEqual({ rows: [], total: 7, total_capped: false, next_cursor: null });
  });

  const sortKey: Record<CustomerSortField, (x: CustomerRecord) => string | number | null> = {
    name: (x) => x.name.toLowerCase(),
    currency: (x) => x.currency,
    standing: (x) => ['in_good_standing', 'single_missed', 'multiple_missed', 'paused'].indexOf(x.standing),
    amount_overdue: (x) => x.amountOverdue,
    n_invoices: (x) => x.nInvoices,
    due_date: (x) => x.dueDate,
    last_chase_at: (x) => x.lastChaseAt?.getTime() ?? null,
    created_at: (x) => x.createdAt.getTime(),
  };

  for (const field of customerSortFieldSchema.options) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${field} ${order} with nulls last and id (same direction) as tie-breaker`, async () => {
        const key = sortKey[field];
        const expected = Object.values(c)
          .slice()
          .sort((a, b) => {
            // Amounts rank within their currency (decision 0013): the organisation's (GBP) first,
            // then the others in code order, whatever the order.
            if (field === 'amount_overdue' && a.currency !== b.currency) {
              const group = (x: CustomerRecord) => `${x.currency === 'GBP' ? 0 : 1}${x.currency}`;
              return group(a) < group(b) ? -1 : 1;
            }
            const ka = key(a);
            const kb = key(b);
            if (ka === null && kb !== null) return 1;
            if (kb === null && ka !== null) return -1;
            if (ka !== null && kb !== null && ka !== kb) return (ka < kb ? -1 : 1) * (order === 'asc' ? 1 : -1);
            return (a.id < b.id ? -1 : 1) * (order === 'asc' ? 1 : -1);
          })
          .map((x) => x.name);
        expect(names(await listOk({ sort_field: field, sort_order: order }))).toEqual(expected);
      });
    }
  }

  it.each([
    ['name eq', [{ field: 'name', operator: 'eq', value: 'Bravo plc' }], ['bravo']],
    ['name ne', [{ field: 'name', operator: 'ne', value: 'alpha Ltd' }], ['bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf']],
    ['name contains, any case', [{ field: 'name', operator: 'contains', value: 'ALPHA' }], ['alpha']],
    ['name contains a literal % or _', [{ field: 'name', operator: 'contains', value: '_' }], ['echo']],
    ['name in', [{ field: 'name', operator: 'in', value: ['alpha Ltd', 'Golf Garden'] }], ['alpha', 'golf']],
    ['currency eq', [{ field: 'currency', operator: 'eq', value: 'eur' }], ['bravo']],
    ['currency in', [{ field: 'currency', operator: 'in', value: ['USD', 'EUR'] }], ['bravo', 'delta']],
    ['currency ne', [{ field: 'currency', operator: 'ne', value: 'GBP' }], ['bravo', 'delta']],
    ['standing eq', [{ field: 'standing', operator: 'eq', value: 'paused' }], ['echo']],
    ['standing in', [{ field: 'standing', operator: 'in', value: ['multiple_missed', 'in_good_standing'] }], ['bravo', 'charlie', 'delta']],
    ['amount_overdue gte, in GBP', [{ field: 'amount_overdue', operator: 'gte', value: 7000, currency: 'GBP' }], ['foxtrot']],
    ['amount_overdue gte, in EUR', [{ field: 'amount_overdue', operator: 'gte', value: 7000, currency: 'EUR' }], ['bravo']],
    ['amount_overdue lt', [{ field: 'amount_overdue', operator: 'lt', value: 100, currency: 'GBP' }], ['charlie']],
    ['amount_overdue gt 0 needs no currency', [{ field: 'amount_overdue', operator: 'gt', value: 0 }], ['alpha', 'bravo', 'delta', 'echo', 'foxtrot', 'golf']],
    ['amount_overdue lte + gt', [{ field: 'amount_overdue', operator: 'lte', value: 5000, currency: 'GBP' }, { field: 'amount_overdue', operator: 'gt', value: 100, currency: 'GBP' }], ['alpha', 'golf']],
    ['n_invoices eq', [{ field: 'n_invoices', operator: 'eq', value: 3 }], ['bravo']],
    ['n_invoices in', [{ field: 'n_invoices', operator: 'in', value: [0, 2] }], ['charlie', 'delta']],
    ['due_date is null', [{ field: 'due_date', operator: 'eq', value: null }], ['charlie']],
    ['due_date is not null', [{ field: 'due_date', operator: 'ne', value: null }], ['alpha', 'bravo', 'delta', 'echo', 'foxtrot', 'golf']],
    ['due_date lt', [{ field: 'due_date', operator: 'lt', value: '2024-04-20' }], ['bravo', 'delta']],
    ['due_date eq', [{ field: 'due_date', operator: 'eq', value: '2024-05-02' }], ['foxtrot']],
    ['last_chase_at is null', [{ field: 'last_chase_at', operator: 'eq', value: null }], ['bravo', 'echo']],
    ['last_chase_at gt', [{ field: 'last_chase_at', operator: 'gt', value: '2024-05-10T12:00:00Z' }], ['delta', 'foxtrot']],
    ['workflow_id is null', [{ field: 'workflow_id', operator: 'eq', value: null }], ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf']],
    ['tag eq', () => [{ field: 'tag_id', operator: 'eq', value: tags.t1 }], ['alpha', 'bravo']],
    ['tag in', () => [{ field: 'tag_id', operator: 'in', value: [tags.t1, tags.t2] }], ['alpha', 'bravo', 'delta']],
    ['tag ne', () => [{ field: 'tag_id', operator: 'ne', value: tags.t1 }], ['charlie', 'delta', 'echo', 'foxtrot', 'golf']],
    ['contact_email is null (no primary contact)', [{ field: 'contact_email', operator: 'eq', value: null }], ['charlie', 'echo']],
    ['contact_email eq, any case', [{ field: 'contact_email', operator: 'eq', value: 'ACCOUNTS@alpha.example' }], ['alpha']],
    ['contact_email contains', [{ field: 'contact_email', operator: 'contains', value: 'BRAVO' }], ['bravo']],
    ['contact_email ne', [{ field: 'contact_email', operator: 'ne', value: 'golf@golf.example' }], ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot']],
  ] as const)('filters: %s', async (_label, filters, expected) => {
    const filterList = typeof filters === 'function' ? filters() : filters;
    const r = await listOk({ filter_str: filterList });
    expect(keysOf(r)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });

  it.each([
    ['delta', ['delta']],
    ['ALPHA', ['alpha']],
    ['bravo@', ['bravo']],
    ['.example', ['alpha', 'bravo', 'delta', 'foxtrot', 'golf']],
    ['only-escalation', []],
    ['%', ['echo']],
  ] as const)('q=%s searches name and primary contact email', async (q, expected) => {
    expect(keysOf(await listOk({ q }))).toEqual(expected);
  });
});

describe('GET /api/customers/ rejects bad queries with 400', () => {
  it.each([
    ['filter_str not JSON', { filter_str: '[{' }, 'filter_str'],
    ['filter_str not an array', { filter_str: '{}' }, 'filter_str'],
    ['unknown filter field', { filter_str: [{ field: 'password', operator: 'eq', value: 'x' }] }, 'filter_str[0].field'],
    ['unknown operator', { filter_str: [{ field: 'name', operator: 'like', value: 'x' }] }, 'filter_str[0].operator'],
    ['operator not valid for field', { filter_str: [{ field: 'currency', operator: 'gt', value: 'GBP' }] }, 'filter_str[0].operator'],
    ['wrong value type', { filter_str: [{ field: 'n_invoices', operator: 'eq', value: 'two' }] }, 'filter_str[0].value'],
    ['bad in array', { filter_str: [{ field: 'tag_id', operator: 'in', value: [] }] }, 'filter_str[0].value'],
    ['null not allowed', { filter_str: [{ field: 'name', operator: 'eq', value: null }] }, 'filter_str[0].value'],
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 501', { limit: 501 }, 'limit'],
    ['limit not a number', { limit: 'ten' }, 'limit'],
    ['negative offset', { offset: -1 }, 'offset'],
    ['unknown sort_field', { sort_field: 'password' }, 'sort_field'],
    ['bad sort_order', { sort_order: 'up' }, 'sort_order'],
  ] as const)('%s', async (_label, params, field) => {
    expectError(await list(params), 400, 'VALIDATION_FAILED', field);
  });

  it('accepts the limits themselves', async () => {
    expect((await listOk({ limit: 1 })).rows).toHaveLength(1);
    expect((await listOk({ limit: 500 })).rows).toHaveLength(7);
  });
});
