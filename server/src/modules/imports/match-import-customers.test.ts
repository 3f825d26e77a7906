import { describe, expect, it } from 'vitest';

import { CustomerMatcher, type CustomerLookup, type ExistingCustomer } from './match-import-customers';

const existing = (id: string, name: string, externalRef: string | null = null, currency = 'GBP'): ExistingCustomer => ({ id, name, currency, externalRef });

function matcher(customers: ExistingCustomer[], namesAsked: string[]) {
  const lookup: CustomerLookup = {
    byRef: new Map(customers.flatMap((c) => (c.externalRef ? [[c.externalRef, c] as const] : []))),
    byName: new Map(namesAsked.map((n) => [n, customers.filter((c) => c.name.toLowerCase() === n.toLowerCase())])),
  };
  let n = 0;
  return new CustomerMatcher(lookup, () => `new-${++n}`);
}

const row = (name: string, ref: string | null = null) => ({ name, ref, email: null, workflow: null });

describe('CustomerMatcher', () => {
  it('matches by the file’s customer id first, then by name ignoring case', () => {
    const m = matcher([existing('a', 'Acme Ltd', 'csv:C1'), existing('b', 'Bolt Ltd')], ['Other name', 'BOLT LTD']);
    expect(m.match(row('Other name', 'C1'), 'GBP')).toEqual({ ok: true, choice: { customerId: 'a', currency: 'GBP', isNew: false, setRef: null } });
    expect(m.match(row('BOLT LTD'), 'GBP')).toEqual({ ok: true, choice: { customerId: 'b', currency: 'GBP', isNew: false, setRef: null } });
  });

  it('records the id on a customer matched by name that has none, once', () => {
    const m = matcher([existing('b', 'Bolt Ltd')], ['Bolt Ltd']);
    expect(m.match(row('Bolt Ltd', 'C7'), 'GBP')).toMatchObject({ ok: true, choice: { customerId: 'b', setRef: 'csv:C7' } });
    expect(m.match(row('Bolt Ltd', 'C7'), 'GBP')).toMatchObject({ ok: true, choice: { customerId: 'b', setRef: null } });
  });

  it('refuses a name two customers share, unless the id tells them apart', () => {
    const m = matcher([existing('t1', 'Twin Ltd'), existing('t2', 'twin ltd', 'csv:T2')], ['Twin Ltd']);
    expect(m.match(row('Twin Ltd'), 'GBP')).toEqual({ ok: false, reason: '2 customers are called Twin Ltd: add a Customer ID column' });
    expect(m.match(row('Twin Ltd', 'T2'), 'GBP')).toMatchObject({ ok: true, choice: { customerId: 't2' } });
    // T9 is not t2 (which has another id), so it can only be t1.
    expect(m.match(row('Twin Ltd', 'T9'), 'GBP')).toMatchObject({ ok: true, choice: { customerId: 't1', setRef: 'csv:T9' } });
  });

  it('creates one customer for all the batch’s rows of a new one, with the first row’s currency', () => {
    const m = matcher([], ['New Co', 'NEW CO']);
    const first = m.match(row('New Co'), 'EUR');
    expect(first).toEqual({ ok: true, choice: { customerId: 'new-1', currency: 'EUR', isNew: true, setRef: null } });
    expect(m.match(row('NEW CO', 'N1'), 'GBP')).toEqual(first);
    expect(m.match(row('Whatever', 'N1'), 'GBP')).toEqual(first);
    expect([...m.created.values()]).toEqual([{ id: 'new-1', name: 'New Co', currency: 'EUR', externalRef: 'csv:N1' }]);
  });

  it('treats the same name with two different ids as two customers', () => {
    const m = matcher([], ['Same Name']);
    expect(m.match(row('Same Name', 'S1'), 'GBP')).toMatchObject({ ok: true, choice: { customerId: 'new-1' } });
    expect(m.match(row('Same Name', 'S2'), 'GBP')).toMatchObject({ ok: true, choice: { customerId: 'new-2' } });
    expect(m.match(row('Same Name', 'S1'), 'GBP')).toMatchObject({ ok: true, choice: { customerId: 'new-1' } });
  });
});
