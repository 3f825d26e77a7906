import type { CustomerImport } from '@receivables/contracts';

/** An import as the API answers it, just uploaded, with whatever the test needs changed. */
export function importRecord(overrides: Partial<CustomerImport> = {}): CustomerImport {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    filename: 'invoices.csv',
    status: 'uploaded',
    headers: ['Customer', 'Invoice', 'Due', 'Total', 'Balance', 'Currency'],
    preview: [
      ['Harbour Lane Bakery', 'INV-1001', '31/07/2026', '£966.70', '£966.70', 'GBP'],
      ['Harbour Lane Bakery', 'INV-1002', '31/13/2026', '889.62', '0', 'GBP'],
    ],
    suggested_mapping: { customer_name: 0, invoice_number: 1, due_date: 2, amount_total: 3, amount_remaining: 4, currency: 5 },
    suggested_date_order: 'dmy',
    mapping: null,
    default_currency: null,
    date_order: null,
    total_rows: 2,
    processed_rows: 0,
    rejected_rows: 0,
    customers_created: 0,
    invoices_created: 0,
    invoices_updated: 0,
    invoices_unchanged: 0,
    error: null,
    created_at: '2026-11-03T10:00:00Z',
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}
