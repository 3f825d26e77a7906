import { describe, expect, it, vi } from 'vitest';

import { UTF8_BOM } from '../../lib/csv-field';

import { customerCsvChunks, customerCsvValues, type ReadExportBatch } from './customer-csv';
import type { CustomerExportSqlRow } from './customer-export-query';

const row = (n: number): CustomerExportSqlRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Customer ${n}`,
  standing: 'single_missed',
  amount_overdue: 123_450,
  currency: 'GBP',
  n_invoices: 1,
  due_date: '2026-01-01',
  last_chase_at: new Date('2026-01-05T10:00:00Z'),
  tags: 'A; B',
  contact_email: 'ap@example.com',
  external_ref: null,
  sort_key: [`customer ${n}`],
});

async function collect(chunks: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

describe('customerCsvChunks', () => {
  it('reads 2,500 rows in batches of 1,000, each after the last row of the one before', async () => {
    const all = Array.from({ length: 2_500 }, (_, i) => row(i));
    const readBatch = vi.fn<ReadExportBatch>((after, limit) => {
      const start = after ? all.findIndex((r) => r.id === after.id) + 1 : 0;
      return Promise.resolve(all.slice(start, start + limit));
    });
    const chunks = await collect(customerCsvChunks(readBatch, { batchSize: 1_000, today: '2026-01-11' }));
    expect(readBatch).toHaveBeenCalledTimes(3);
    expect(readBatch.mock.calls.map(([after]) => after?.id ?? null)).toEqual([null, all[999]?.id, all[1999]?.id]);
    expect(readBatch.mock.calls[1]?.[0]?.sortKey).toEqual(['customer 999']);
    // Header chunk, then one chunk per batch as it arrives.
    expect(chunks).toHaveLength(4);
    expect(chunks[0]?.startsWith(UTF8_BOM + 'Name,Standing,Amount overdue,')).toBe(true);
    expect(chunks.join('').split('\r\n').filter(Boolean)).toHaveLength(2_501);
  });

  it('asks once more after a full last batch, and stops on an empty one', async () => {
    const readBatch = vi.fn<ReadExportBatch>((after) => Promise.resolve(after ? [] : [row(1), row(2)]));
    const chunks = await collect(customerCsvChunks(readBatch, { batchSize: 2, today: '2026-01-11' }));
    expect(readBatch).toHaveBeenCalledTimes(2);
    expect(chunks).toHaveLength(2);
  });
});

describe('customerCsvValues', () => {
  it('writes the columns in order, amounts in major units and days late from today', () => {
    expect(customerCsvValues(row(7), '2026-01-11')).toEqual([
      'Customer 7',
      'One missed invoice',
      '1234.50',
      'GBP',
      1,
      10,
      '2026-01-01',
      '2026-01-05T10:00:00.000Z',
      'A; B',
      'ap@example.com',
      null,
      row(7).id,
    ]);
  });
});
