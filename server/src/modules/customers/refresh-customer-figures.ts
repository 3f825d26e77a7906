import { sql } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { readOrganisationToday } from '../../org/organisation-today';

/**
 * Recompute amount_overdue, n_invoices, due_date and standing for an organisation's customers
 * (all of them, or `customerIds`) as of `today` (YYYY-MM-DD, default the organisation's today:
 * the database's current_date would disagree with the hourly job near midnight). A customer whose
 * standing changes entered it at `now` (default the database's now()): its new episode starts then.
 * Set-based, in SQL (migrations 0003, 0004, 0015, 0026); returns how many customers changed.
 * Writers of invoices and payments call it inside their own transaction so the figures never lag
 * the money; the daily pass calls it on batches of ids (refresh-organisation-figures.ts).
 */
export async function refreshCustomerFigures(
  db: DbOrTx,
  orgId: string,
  options: { customerIds?: string[]; today?: string; now?: Date } = {},
): Promise<number> {
  const ids = options.customerIds ? sql`${toPgArray(options.customerIds)}::uuid[]` : sql`null::uuid[]`;
  const result = await withOrg(db, orgId, async (tx) => {
    const today = options.today ?? (await readOrganisationToday(tx, orgId, options.now));
    const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
    return tx.execute(sql`select refresh_customer_figures(${orgId}::uuid, ${ids}, ${today}::date, ${now}) as changed`);
  });
  return (result.rows[0] as { changed: number } | undefined)?.changed ?? 0;
}

// drizzle's sql template expands JS arrays into "($1, $2)" lists, so pass an array literal instead.
function toPgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;
}
