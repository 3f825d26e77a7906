import { sql } from 'drizzle-orm';

import type { Db } from '../db/client';

/**
 * The organisation a new session should start in: the one the user last worked in (their most
 * recent session with an active organisation they still belong to), else their oldest
 * membership, else none (the SPA then asks them to choose or create one). Without this every
 * sign-in would land on the organisation picker.
 */
export async function findOrganizationToResume(db: Db, userId: string): Promise<string | null> {
  const result = await db.execute(sql`
    select coalesce(
      (select s.active_organization_id
         from auth_session s
         join auth_member m on m.organization_id = s.active_organization_id and m.user_id = s.user_id
        where s.user_id = ${userId} and s.active_organization_id is not null
        order by s.updated_at desc
        limit 1),
      (select m.organization_id from auth_member m where m.user_id = ${userId} order by m.created_at, m.id limit 1)
    ) as organization_id`);
  const row = result.rows[0] as { organization_id: string | null } | undefined;
  return row?.organization_id ?? null;
}
