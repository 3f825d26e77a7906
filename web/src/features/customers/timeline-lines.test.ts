import type { TimelineItem } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { describeTimelineLine, timelineLines } from './timeline-lines';

let n = 0;
const invoiceEdit = (number: string, at: string, changes: Record<string, { from: unknown; to: unknown }>, action = 'invoice.import'): TimelineItem => {
  n += 1;
  const id = `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`;
  return { id, at, kind: 'edit', action, entity: 'invoice', entity_id: id, actor_id: null, actor_name: null, changes, names: { [id]: number }, currency: 'GBP' };
};
const links = { external_id: { from: null, to: 'X' }, payment_url: { from: null, to: 'https://pay.example/' } };

describe('timeline lines', () => {
  it('says a run of like invoice changes from one import once, naming each invoice', () => {
    const items = [
      invoiceEdit('INV-1', '2026-11-03T10:00:00.000Z', links),
      invoiceEdit('INV-2', '2026-11-03T10:00:00.000Z', { ...links, external_id: { from: null, to: 'Y' } }),
      invoiceEdit('INV-3', '2026-11-03T10:00:00.000Z', links),
    ];
    const lines = timelineLines(items);
    expect(lines).toHaveLength(1);
    expect(describeTimelineLine(lines[0]!)).toBe('Invoices INV-1, INV-2 and INV-3, by an import: reference and payment link changed');
    const same = timelineLines([invoiceEdit('INV-4', '2026-11-03T10:00:00Z', links), invoiceEdit('INV-5', '2026-11-03T10:00:10Z', links)]);
    expect(describeTimelineLine(same[0]!)).toBe('Invoices INV-4 and INV-5, by an import: reference set to X; payment link set to https://pay.example/');
  });

  it('keeps apart what differs: another change, other fields, or a later moment', () => {
    const items = [
      invoiceEdit('INV-1', '2026-11-03T10:00:00Z', links),
      invoiceEdit('INV-2', '2026-11-03T10:00:00Z', { payment_url: { from: null, to: 'https://pay.example/' } }),
      invoiceEdit('INV-3', '2026-11-03T09:00:00Z', { payment_url: { from: null, to: 'https://pay.example/' } }),
      invoiceEdit('INV-4', '2026-11-03T09:00:00Z', { payment_url: { from: null, to: 'https://pay.example/' } }, 'invoice.update'),
    ];
    expect(timelineLines(items).map((line) => describeTimelineLine(line))).toEqual([
      'Invoice INV-1, by an import: reference set to X; payment link set to https://pay.example/',
      'Invoice INV-2, by an import: payment link set to https://pay.example/',
      'Invoice INV-3, by an import: payment link set to https://pay.example/',
      'Invoice INV-4: payment link set to https://pay.example/',
    ]);
  });
});
