import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { customer, standingTransition } from '../src/db/schema';

import {
  createTestDatabase,
  insertCustomer,
  insertInvoice,
  insertOrganization,
  refreshCustomerFigures,
  type TestDatabase,
  withOrg,
} from './support';

let tdb: TestDatabase;
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  orgId = (await insertOrganization(tdb.db)).id;
  otherOrgId = (await insertOrganization(tdb.db)).id;
});
afterAll(() => tdb.drop());

const TODAY = '2024-06-15';

async function read(id: string) {
  const [row] = await withOrg(tdb.db, orgId, (tx) => tx.select().from(customer).where(eq(customer.id, id)));
  if (!row) throw new Error('customer missing');
  return row;
}

async function transitions(id: string) {
  return withOrg(tdb.db, orgId, (tx) =>
    tx
      .select()
      .from(standingTransition)
      .where(eq(standingTransition.customerId, id))
      .orderBy(standingTransition.at, standingTransition.createdAt),
  );
}

describe('refresh_customer_figures', () => {
  it('derives amount_overdue, n_invoices, due_date and standing from overdue open invoices', async () => {
    const db = tdb.db;
    const many = await insertCustomer(db, orgId, { name: 'Many' });
    await insertInvoice(db, orgId, many.id, { amountDue: 10_000, dueDate: '2024-05-01' });
    await insertInvoice(db, orgId, many.id, { amountDue: 5_000, amountPaid: 2_000, dueDate: '2024-04-10' }); // part-paid
    await insertInvoice(db, orgId, many.id, { amountDue: 7_000, dueDate: '2024-06-15' }); // due today: not overdue
    await insertInvoice(db, orgId, many.id, { amountDue: 8_000, dueDate: '2024-07-01' }); // not yet due
    await insertInvoice(db, orgId, many.id, { amountDue: 9_000, dueDate: '2024-03-01', status: 'paid', amountPaid: 9_000 });
    await insertInvoice(db, orgId, many.id, { amountDue: 4_000, dueDate: '2024-02-01', status: 'void' });

    const single = await insertCustomer(db, orgId, { name: 'Single' });
    await insertInvoice(db, orgId, single.id, { amountDue: 1_234, dueDate: '2024-06-14' });

    const good = await insertCustomer(db, orgId, { name: 'Good' });
    await insertInvoice(db, orgId, good.id, { amountDue: 500, dueDate: '2024-08-01' });

    const paused = await insertCustomer(db, orgId, { name: 'Paused', standing: 'paused' });
    await insertInvoice(db, orgId, paused.id, { amountDue: 3_000, dueDate: '2024-01-01' });

    const changed = await refreshCustomerFigures(db, orgId, { today: TODAY });
    expect(changed).toBe(3);

    expect(await read(many.id)).toMatchObject({ amountOverdue: 13_000, nInvoices: 2, dueDate: '2024-04-10', standing: 'multiple_missed' });
    expect(await read(single.id)).toMatchObject({ amountOverdue: 1_234, nInvoices: 1, dueDate: '2024-06-14', standing: 'single_missed' });
    expect(await read(good.id)).toMatchObject({ amountOverdue: 0, nInvoices: 0, dueDate: null, standing: 'in_good_standing' });
    expect(await read(paused.id)).toMatchObject({ amountOverdue: 3_000, nInvoices: 1, dueDate: '2024-01-01', standing: 'paused' });

    expect((await transitions(many.id)).map((t) => [t.from, t.to, t.reason])).toEqual([['in_good_standing', 'multiple_missed', 'days_passed']]);
    expect(await transitions(paused.id)).toEqual([]);

    // Running it again changes nothing.
    expect(await refreshCustomerFigures(db, orgId, { today: TODAY })).toBe(0);
  });

  it('moves customers between standings as time passes and debts are paid or voided', async () => {
    const db = tdb.db;
    const cust = await insertCustomer(db, orgId, { name: 'Mover' });
    const first = await insertInvoice(db, orgId, cust.id, { amountDue: 1_000, dueDate: '2024-06-10' });
    const second = await insertInvoice(db, orgId, cust.id, { amountDue: 2_000, dueDate: '2024-06-20' });
    const only = { customerIds: [cust.id] };

    await refreshCustomerFigures(db, orgId, { ...only, today: '2024-06-05' });
    expect((await read(cust.id)).standing).toBe('in_good_standing');
    await refreshCustomerFigures(db, orgId, { ...only, today: '2024-06-15' });
    expect((await read(cust.id)).standing).toBe('single_missed');
    await refreshCustomerFigures(db, orgId, { ...only, today: '2024-06-25' });
    expect(await read(cust.id)).toMatchObject({ standing: 'multiple_missed', amountOverdue: 3_000, nInvoices: 2, dueDate: '2024-06-10' });

    await withOrg(db, orgId, (tx) => tx.execute(sql`update invoice set status = 'paid', amount_paid = amount_due, amount_remaining = 0, updated_at = now() where id = ${first.id}`));
    await refreshCustomerFigures(db, orgId, { ...only, today: '2024-06-25' });
    expect(await read(cust.id)).toMatchObject({ standing: 'single_missed', amountOverdue: 2_000, dueDate: '2024-06-20' });

    await withOrg(db, orgId, (tx) => tx.execute(sql`update invoice set status = 'void', amount_remaining = 0, updated_at = now() + interval '1 second' where id = ${second.id}`));
    await refreshCustomerFigures(db, orgId, { ...only, today: '2024-06-25' });
    expect(await read(cust.id)).toMatchObject({ standing: 'in_good_standing', amountOverdue: 0, nInvoices: 0, dueDate: null });

    expect((await transitions(cust.id)).map((t) => `${t.from}>${t.to}:${t.reason}`)).toEqual([
      'in_good_standing>single_missed:days_passed',
      'single_missed>multiple_missed:to_multiple',
      'multiple_missed>single_missed:to_single',
      'single_missed>in_good_standing:debt_voided',
    ]);
  });

  it('dates a change of standing by the clock it is given: the episode starts then', async () => {
    const cust = await insertCustomer(tdb.db, orgId, { name: 'Clocked' });
    await insertInvoice(tdb.db, orgId, cust.id, { amountDue: 1_000, dueDate: '2024-06-10' });
    const at = new Date('2024-06-11T07:30:00.123Z');
    await refreshCustomerFigures(tdb.db, orgId, { customerIds: [cust.id], today: '2024-06-11', now: at });
    expect(await read(cust.id)).toMatchObject({ standing: 'single_missed', standingSince: at });
    expect((await transitions(cust.id)).map((t) => [t.reason, t.at])).toEqual([['days_passed', at]]);
  });

  it('only touches the given organisation', async () => {
    const other = await insertCustomer(tdb.db, otherOrgId, { name: 'Other org' });
    await insertInvoice(tdb.db, otherOrgId, other.id, { amountDue: 999, dueDate: '2024-01-01' });
    await refreshCustomerFigures(tdb.db, orgId, { today: TODAY });
    const [row] = await withOrg(tdb.db, otherOrgId, (tx) => tx.select().from(customer).where(eq(customer.id, other.id)));
    expect(row?.amountOverdue).toBe(0);
    expect(await refreshCustomerFigures(tdb.db, otherOrgId, { today: TODAY })).toBe(1);
  });
});
