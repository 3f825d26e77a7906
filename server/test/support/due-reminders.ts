import { sql } from 'drizzle-orm';

import type { Db } from '../../src/db/client';
import { withOrg } from '../../src/db/client';
import { refreshCustomerFigures } from '../../src/modules/customers/refresh-customer-figures';

/**
 * `count` customers owing one invoice each (ten days overdue), each with a reminder of step
 * `actionId` (template `emailId`) that fell due a minute before `at`, in its current episode — as
 * the scheduler leaves them for the sender — in a few set-based statements (the crash test, the
 * delivery bench).
 */
export async function insertDueReminders(
  db: Db,
  orgId: string,
  input: { count: number; workflowId: string; actionId: string; emailId: string; at?: Date },
): Promise<void> {
  const at = input.at ?? new Date();
  const today = at.toISOString().slice(0, 10);
  await withOrg(db, orgId, async (tx) => {
    await tx.execute(sql`
      insert into customer (org_id, name, currency)
      select ${orgId}, 'Customer ' || lpad(n::text, 6, '0'), 'GBP' from generate_series(1, ${input.count}) n`);
    await tx.execute(sql`
      insert into contact (org_id, customer_id, name, email, role)
      select ${orgId}, id, 'Payer of ' || name, 'ap+' || replace(lower(name), ' ', '-') || '@payer.example', 'primary'
      from customer where org_id = ${orgId}`);
    await tx.execute(sql`
      insert into invoice (org_id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, issued_on, due_date, status, source)
      select ${orgId}, id, 'INV-' || substr(id::text, 1, 8), 'GBP', 42000, 0, 42000, ${today}::date - 40, ${today}::date - 10, 'open', 'api'
      from customer where org_id = ${orgId}`);
  });
  await refreshCustomerFigures(db, orgId, { today, now: new Date(at.getTime() - 3_600_000) });
  await withOrg(db, orgId, async (tx) => {
    await tx.execute(sql`
      insert into event (org_id, customer_id, direction, status, kind, tone, email_id, workflow_id, workflow_action_id, standing,
                         episode_start, due_day, scheduled_for, to_addresses, subject, dedupe_key)
      select c.org_id, c.id, 'outbox', 'pending', 'regular_email', 'friendly-reminder', ${input.emailId}, ${input.workflowId},
             ${input.actionId}, 'single_missed', c.standing_since, ${today}::date, ${at.toISOString()}::timestamptz - interval '1 minute',
             jsonb_build_array(jsonb_build_object('name', k.name, 'email', k.email)), 'Planned', c.id || ':' || ${input.actionId}
      from customer c join contact k on k.customer_id = c.id
      where c.org_id = ${orgId} and not exists (select 1 from event e where e.customer_id = c.id)`);
    await tx.execute(sql`
      insert into event_status_change (org_id, event_id, status, at)
      select org_id, id, 'pending', created_at from event e
      where org_id = ${orgId} and not exists (select 1 from event_status_change s where s.event_id = e.id)`);
  });
}
