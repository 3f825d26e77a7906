import type { ChaseStopReason, OverdueSummary } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

import { CHASE_STOPPED_REASON } from './chase-stopped-sql';

/**
 * The organisation's overdue money per currency and how many customers owe any: summed within
 * each currency, never across (decision 0013). The default currency comes first, so Home can
 * open on it.
 */
export async function getOverdueSummary(deps: { db: Db; orgId: string }): Promise<OverdueSummary> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { default_currency: defaultCurrency } = await readOrganisationSettings(tx, deps.orgId);
    const totals = await tx.execute<{ currency: string; amount_overdue: number; customers_overdue: number }>(
      overdueSummarySql(deps.orgId, defaultCurrency),
    );
    // The partial index holds only customers with a stop recorded: a few, whatever the organisation's size.
    const stopped = await tx.execute<{ reason: ChaseStopReason; customers: number }>(sql`
      select reason, count(*)::int as customers
      from (select ${CHASE_STOPPED_REASON} as reason from customer c
            where c.org_id = ${deps.orgId} and c.chase_stop_reason is not null and c.chase_stops_at <= now()) s
      where reason is not null
      group by reason
      order by count(*) desc, reason`);
    return {
      customers_overdue: totals.rows.reduce((n, row) => n + row.customers_overdue, 0),
      default_currency: defaultCurrency,
      currencies: totals.rows,
      chasing_stopped: stopped.rows,
    };
  });
}

/** The statement behind {@link getOverdueSummary}; exported so the benchmark can time it bare. */
export function overdueSummarySql(orgId: string, defaultCurrency: string): SQL {
  return sql`
    select currency, sum(amount_overdue)::bigint as amount_overdue, count(*)::int as customers_overdue
    from customer
    where org_id = ${orgId} and amount_overdue > 0
    group by currency
    order by currency <> ${defaultCurrency}, currency`;
}
