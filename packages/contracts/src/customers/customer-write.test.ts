import { describe, expect, it } from 'vitest';

import { invoiceCreateSchema, invoiceUpdateSchema } from '../invoices/invoice';

import { customerCreateSchema, customerPauseSchema, customerTagsUpdateSchema, customerUpdateSchema } from './customer-write';

describe('customer write contracts', () => {
  it('upper-cases a lower-case currency and trims the name', () => {
    expect(customerCreateSchema.parse({ name: ' Acme ', currency: 'gbp' })).toEqual({ name: 'Acme', currency: 'GBP' });
    expect(customerCreateSchema.safeParse({ name: 'Acme', currency: 'GB' }).success).toBe(false);
  });

  it('an update must change something', () => {
    expect(customerUpdateSchema.safeParse({}).success).toBe(false);
    expect(customerUpdateSchema.parse({ workflow_id: null })).toEqual({ workflow_id: null });
  });

  it('a pause date is a real date within 1900–2099, or null', () => {
    expect(customerPauseSchema.parse({ until: null })).toEqual({ until: null });
    expect(customerPauseSchema.safeParse({ until: '2099-12-31' }).success).toBe(true);
    expect(customerPauseSchema.safeParse({ until: '2100-01-01' }).success).toBe(false);
    expect(customerPauseSchema.safeParse({ until: '2024-02-30' }).success).toBe(false);
  });

  it('tags are ids or names with an optional colour', () => {
    const id = crypto.randomUUID();
    expect(customerTagsUpdateSchema.parse({ tags: [{ id }, { name: ' New ', colour: '#aabbcc' }] })).toEqual({ tags: [{ id }, { name: 'New', colour: '#aabbcc' }] });
    expect(customerTagsUpdateSchema.safeParse({ tags: [{ name: '' }] }).success).toBe(false);
    expect(customerTagsUpdateSchema.safeParse({ tags: Array.from({ length: 51 }, (_, i) => ({ name: `t${i}` })) }).success).toBe(false);
  });
});

describe('invoice contracts', () => {
  const base = { customer_id: crypto.randomUUID(), number: 'INV-1', currency: 'eur', amount_due: 100, issued_on: '2024-01-01', due_date: '2024-01-31' };

  it('defaults the status and upper-cases the currency', () => {
    expect(invoiceCreateSchema.parse(base)).toMatchObject({ status: 'open', currency: 'EUR' });
  });

  it('reports cross-field problems on the right field', () => {
    const dates = invoiceCreateSchema.safeParse({ ...base, due_date: '2023-12-31' });
    expect(dates.error?.issues[0]?.path).toEqual(['due_date']);
    const paid = invoiceCreateSchema.safeParse({ ...base, amount_paid: 101 });
    expect(paid.error?.issues[0]?.path).toEqual(['amount_paid']);
  });

  it('accepts only http(s) payment links', () => {
    expect(invoiceCreateSchema.safeParse({ ...base, payment_url: 'https://pay.example/x' }).success).toBe(true);
    expect(invoiceCreateSchema.safeParse({ ...base, payment_url: 'ftp://pay.example/x' }).success).toBe(false);
    expect(invoiceUpdateSchema.safeParse({ payment_url: null }).success).toBe(true);
  });
});
