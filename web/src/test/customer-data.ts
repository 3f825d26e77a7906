import type { Customer, CustomerDetail, CustomerListResponse } from '@receivables/contracts';

/** A customer as the API answers it, with whatever the test needs changed. */
export function customerRecord(overrides: Partial<Customer> = {}): Customer {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Acme Widgets Ltd',
    currency: 'GBP',
    standing: 'single_missed',
    standing_since: '2026-01-01T00:00:00Z',
    paused_until: null,
    workflow_id: null,
    last_chase_at: null,
    amount_overdue: 123456,
    n_invoices: 1,
    due_date: '2026-01-01',
    external_ref: null,
    contact: null,
    escalation_contact: null,
    tags: [],
    chase_stopped: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A customer as the single-customer routes answer it: with its balance and the standing under a pause. */
export function customerDetail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  const {
    balance,
    underlying_standing: underlying,
    pause_reason: pauseReason,
    pause_event_id: pauseEventId,
    stripe_deleted_at: stripeDeletedAt,
    credit,
    ...rest
  } = overrides;
  const customer = customerRecord(rest);
  return {
    ...customer,
    balance: balance ?? { open: customer.amount_overdue, overdue: customer.amount_overdue, not_yet_due: 0 },
    underlying_standing: underlying ?? (customer.standing === 'paused' ? 'in_good_standing' : customer.standing),
    pause_reason: pauseReason ?? null,
    pause_event_id: pauseEventId ?? null,
    stripe_deleted_at: stripeDeletedAt ?? null,
    credit: credit ?? 0,
  };
}

/** A page of the customer list as the API answers it: counted exactly, with no page after it unless said. */
export function customerPage(rows: Customer[], total = rows.length, more: Partial<Omit<CustomerListResponse, 'rows' | 'total'>> = {}): CustomerListResponse {
  return { rows, total, total_capped: false, next_cursor: null, ...more };
}
