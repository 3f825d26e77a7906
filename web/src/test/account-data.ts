import type { Account } from '@receivables/contracts';

export const ACCOUNT_ID = '77777777-7777-4777-8777-777777777771';

/** A connected Stripe account whose first sync finished, as `GET /api/accounts/` answers it. */
export function accountRecord(overrides: Partial<Account> = {}, sync: Partial<Account['sync']> = {}): Account {
  return {
    id: ACCOUNT_ID,
    provider: 'stripe',
    external_account_id: 'acct_1Test',
    livemode: true,
    status: 'connected',
    connected_at: '2026-11-20T10:00:00.000Z',
    disconnected_at: null,
    disconnected_reason: null,
    last_synced_at: '2026-11-20T10:01:00.000Z',
    ...overrides,
    sync: {
      status: 'completed',
      stage: null,
      stage_number: 4,
      stage_count: 4,
      percent: 100,
      counts: { customers: 20, invoices: 53, payments: 13, skipped: 0 },
      problems: [],
      error: null,
      started_at: '2026-11-20T10:00:01.000Z',
      finished_at: '2026-11-20T10:01:00.000Z',
      ...sync,
    },
  };
}
