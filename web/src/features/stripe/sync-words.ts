import type { Account, SyncStage } from '@receivables/contracts';

import { formatCount } from '../../lib/format';

/** What each stage of a sync reads, in the person's words (decision 0022). */
export const SYNC_STAGE_LABELS: Record<SyncStage, string> = {
  customers: 'Customers',
  open_invoices: 'Open invoices',
  recent_invoices: 'Invoices of the last 90 days',
  payments: 'Payments',
};

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "250 customers, 2,500 invoices, 1 payment" — and what was left out, when anything was. */
export function syncCountsText(account: Account): string {
  const { customers, invoices, payments, skipped } = account.sync.counts;
  const taken = [plural(customers, 'customer', 'customers'), plural(invoices, 'invoice', 'invoices'), plural(payments, 'payment', 'payments')].join(', ');
  return skipped > 0 ? `${taken}; ${plural(skipped, 'item', 'items')} left out` : taken;
}

/** The line above the bar: where the sync is. */
export function syncStatusText(account: Account): string {
  const { sync } = account;
  if (account.status === 'disconnected') return 'Not syncing: disconnected';
  switch (sync.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return sync.stage ? `Stage ${sync.stage_number} of ${sync.stage_count}: ${SYNC_STAGE_LABELS[sync.stage].toLowerCase()}` : 'Syncing…';
    case 'completed':
      return 'Up to date';
    case 'failed':
      return 'The last sync stopped';
    case null:
      return 'Not synced yet';
  }
}
