import {
  type CustomerBulkJob,
  type CustomerFilter,
  type CustomerListResponse,
  encodeCustomerCursor,
  type OverdueSummary,
  serializeCustomerFilters,
  toMinorUnits,
} from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { runOrganisationBulkJobs } from '../src/modules/customers/run-organisation-bulk-jobs';

import { useIntegrationEnv } from './integration-env';
import { type ApiClient, expectError, insertCustomer, withOrg } from './support';

// Decision 0013: amounts of different currencies are never added, compared or ranked together.
const env = useIntegrationEnv();
let api: ApiClient;
let orgId: string;
let berlinId: string;

beforeAll(async () => {
  const signedUp = await env.signUp();
  api = signedUp.api;
  const org = signedUp.orgId;
  orgId = org;
  const add = (name: string, currency: string, amountOverdue: number) =>
    insertCustomer(env.db.db, org, { name, currency, amountOverdue, nInvoices: amountOverdue > 0 ? 1 : 0, standing: amountOverdue > 0 ? 'single_missed' : 'in_good_standing' });
  // ¥150,000 is about £800: as raw minor units it would outrank everything in pounds.
  await add('Tokyo Trading', 'JPY', 150_000);
  await add('Osaka Supplies', 'JPY', 9_000);
  await add('London Ltd', 'GBP', 50_000);
  await add('Leeds plc', 'GBP', 2_000);
  berlinId = (await add('Berlin GmbH', 'EUR', 30_000)).id;
  await add('Paid Up Ltd', 'GBP', 0);
});

const list = async (query: string) => {
  const res = await api<CustomerListResponse>('GET', `/api/customers/${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.rows.map((r) => `${r.currency} ${r.amount_overdue} ${r.name}`);
};
const filter = (items: CustomerFilter[]) => encodeURIComponent(serializeCustomerFilters(items));
const setDefaultCurrency = (code: string) => env.db.db.execute(sql`update org_settings set default_currency = ${code} where org_id = ${orgId}`);

describe('money is never mixed across currencies', () => {
  it('totals overdue per currency, default currency first, and counts the customers overdue', async () => {
    const res = await api<OverdueSummary>('GET', '/api/customers/overdue-summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      customers_overdue: 5,
      default_currency: 'GBP',
      currencies: [
        { currency: 'GBP', amount_overdue: 52_000, customers_overdue: 2 },
        { currency: 'EUR', amount_overdue: 30_000, customers_overdue: 1 },
        { currency: 'JPY', amount_overdue: 159_000, customers_overdue: 2 },
      ],
      // Nobody has been planned yet, so no chase has been found to stop (decision 0039).
      chasing_stopped: [],
    });
  });

  it('sorting by amount puts the organisation’s currency first, then the others in code order, each ranked within itself', async () => {
    expect(await list('?sort_field=amount_overdue&sort_order=desc&limit=10')).toEqual([
      'GBP 50000 London Ltd',
      'GBP 2000 Leeds plc',
      'GBP 0 Paid Up Ltd',
      'EUR 30000 Berlin GmbH',
      'JPY 150000 Tokyo Trading',
      'JPY 9000 Osaka Supplies',
    ]);
    expect(await list('?sort_field=amount_overdue&sort_order=asc&limit=10')).toEqual([
      'GBP 0 Paid Up Ltd',
      'GBP 2000 Leeds plc',
      'GBP 50000 London Ltd',
      'EUR 30000 Berlin GmbH',
      'JPY 9000 Osaka Supplies',
      'JPY 150000 Tokyo Trading',
    ]);
    // Filtered to some currencies, the organisation's still leads when it is one of them.
    expect(await list(`?sort_field=amount_overdue&sort_order=desc&filter_str=${filter([{ field: 'currency', operator: 'in', value: ['JPY', 'EUR'] }])}`)).toEqual([
      'EUR 30000 Berlin GmbH',
      'JPY 150000 Tokyo Trading',
      'JPY 9000 Osaka Supplies',
    ]);
  });

  it('an organisation that bills in yen opens on yen, then the others in code order', async () => {
    await setDefaultCurrency('JPY');
    try {
      expect(await list('?sort_field=amount_overdue&sort_order=desc&limit=10')).toEqual([
        'JPY 150000 Tokyo Trading',
        'JPY 9000 Osaka Supplies',
        'EUR 30000 Berlin GmbH',
        'GBP 50000 London Ltd',
        'GBP 2000 Leeds plc',
        'GBP 0 Paid Up Ltd',
      ]);
    } finally {
      await setDefaultCurrency('GBP');
    }
  });

  it('next_cursor pages across the currency groups, and keeps the order it was handed out under', async () => {
    const everything = await list('?sort_field=amount_overdue&sort_order=desc&limit=10');
    for (const order of ['desc', 'asc']) {
      const expected = await list(`?sort_field=amount_overdue&sort_order=${order}&limit=10`);
      const seen: string[] = [];
      let after = '';
      for (let pages = 0; pages < 10; pages++) {
        const res = await api<CustomerListResponse>('GET', `/api/customers/?sort_field=amount_overdue&sort_order=${order}&limit=1${after}`);
        seen.push(...res.body.rows.map((r) => `${r.currency} ${r.amount_overdue} ${r.name}`));
        if (!res.body.next_cursor) break;
        after = `&after=${res.body.next_cursor}`;
      }
      expect(seen, order).toEqual(expected);
    }
    // The setting changes mid-walk: the cursor's pages still follow the order the walk began in.
    const first = await api<CustomerListResponse>('GET', '/api/customers/?sort_field=amount_overdue&sort_order=desc&limit=2');
    await setDefaultCurrency('JPY');
    try {
      const rest = await list(`?sort_field=amount_overdue&sort_order=desc&limit=10&after=${first.body.next_cursor}`);
      expect(rest).toEqual(everything.slice(2));
    } finally {
      await setDefaultCurrency('GBP');
    }
  });

  it('the export of the amount sort is in the list’s order', async () => {
    const csv = await api('GET', '/api/customers/export.csv?sort_field=amount_overdue&sort_order=desc');
    expect(csv.status).toBe(200);
    const exported = csv.text.split('\r\n').slice(1).filter(Boolean).map((line) => line.split(',')[0]);
    expect(exported).toEqual(['London Ltd', 'Leeds plc', 'Paid Up Ltd', 'Berlin GmbH', 'Tokyo Trading', 'Osaka Supplies']);
  });

  it('a cursor whose leading currency is not a currency code is a 400 naming `after`', async () => {
    const forged = encodeCustomerCursor({ sort_field: 'amount_overdue', sort_order: 'desc', key: ['gbp; drop', 'GBP', '100'], id: crypto.randomUUID() });
    expectError(await api('GET', `/api/customers/?sort_field=amount_overdue&sort_order=desc&after=${forged}`), 400, 'VALIDATION_FAILED', 'after');
  });

  it('Home’s top debtors in one currency are that currency’s, largest first', async () => {
    const top = await list(`?limit=5&sort_field=amount_overdue&sort_order=desc&filter_str=${filter([
      { field: 'amount_overdue', operator: 'gt', value: 0 },
      { field: 'currency', operator: 'eq', value: 'GBP' },
    ])}`);
    expect(top).toEqual(['GBP 50000 London Ltd', 'GBP 2000 Leeds plc']);
  });

  it('an amount filter carries its currency, in that currency’s own units: JPY has none, EUR has cents', async () => {
    // "At least ¥10,000" is 10000 minor units of JPY, and matches JPY customers only.
    expect(await list(`?filter_str=${filter([{ field: 'amount_overdue', operator: 'gte', value: 10_000, currency: 'JPY' }])}`)).toEqual([
      'JPY 150000 Tokyo Trading',
    ]);
    // "At least €250.00" is 25000 cents, and matches no pounds however large.
    expect(await list(`?filter_str=${filter([{ field: 'amount_overdue', operator: 'gte', value: 25_000, currency: 'eur' }])}`)).toEqual([
      'EUR 30000 Berlin GmbH',
    ]);
  });

  it('an amount typed in major units reaches the same customers through the list, the export and a bulk action', async () => {
    // As the list's filter panel sends them: ¥150,000 is 150000 (no decimals), €300.00 is 30000 cents.
    const atLeast = (major: number, currency: string): CustomerFilter => ({ field: 'amount_overdue', operator: 'gte', value: toMinorUnits(major, currency), currency });
    expect(await list(`?filter_str=${filter([atLeast(150_000, 'JPY')])}`)).toEqual(['JPY 150000 Tokyo Trading']);
    expect(await list(`?filter_str=${filter([atLeast(150_001, 'JPY')])}`)).toEqual([]);
    expect(await list(`?filter_str=${filter([atLeast(300, 'EUR')])}`)).toEqual(['EUR 30000 Berlin GmbH']);
    expect(await list(`?filter_str=${filter([atLeast(300.01, 'EUR')])}`)).toEqual([]);

    const csv = await api('GET', `/api/customers/export.csv?filter_str=${filter([atLeast(10_000, 'JPY')])}`);
    expect(csv.status).toBe(200);
    const exported = csv.text.split('\r\n').slice(1).filter(Boolean);
    expect(exported.map((line) => line.split(',').slice(0, 4).join(','))).toEqual(['Tokyo Trading,One missed invoice,150000,JPY']);

    // Every match is a background job (decision 0008): run here as the worker would.
    const bulk = await api<CustomerBulkJob>('POST', '/api/customers/bulk', {
      matching: { filter_str: serializeCustomerFilters([atLeast(250, 'EUR')]) },
      action: { type: 'add_tag', tag: { name: 'Over €250' } },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(202);
    expect(bulk.body.total).toBe(1);
    await runOrganisationBulkJobs({ db: env.db.db, log: { error: () => undefined } }, orgId);
    expect((await api<CustomerBulkJob>('GET', `/api/customers/bulk/${bulk.body.id}`)).body).toMatchObject({ status: 'succeeded', updated: 1 });
    const tagged = await withOrg(env.db.db, orgId, (tx) =>
      tx.execute<{ customer_id: string }>(sql`select ct.customer_id from customer_tag ct join tag t on t.id = ct.tag_id where t.name = 'Over €250'`));
    expect(tagged.rows.map((r) => r.customer_id)).toEqual([berlinId]);
  });

  it('an amount other than 0 without a currency is a 400 naming the filter’s currency', async () => {
    const res = await api('GET', `/api/customers/?filter_str=${filter([{ field: 'amount_overdue', operator: 'gte', value: 100 }])}`);
    expectError(res, 400, 'VALIDATION_FAILED', 'filter_str[0].currency');
    const wrong = await api('GET', `/api/customers/?filter_str=${encodeURIComponent('[{"field":"name","operator":"eq","value":"x","currency":"GBP"}]')}`);
    expectError(wrong, 400, 'VALIDATION_FAILED', 'filter_str[0].currency');
  });
});
