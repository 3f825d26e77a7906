import { sql } from 'drizzle-orm';

import { type Db, insertContact, insertCustomer, insertEvent, insertInvoice, insertPayment, insertTag, tagCustomer, withOrg } from './support';

/** Every table with an `org_id`, as the database itself lists them: a table added later is in it. */
export async function orgTables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ table_name: string }>(sql`
    select c.table_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'org_id' and t.table_type = 'BASE TABLE'
     order by c.table_name`);
  return rows.map((r) => r.table_name);
}

/**
 * Rows per table for one organisation: every business table, and better-auth's organisation,
 * members and invitations. Counted as the connection's owner, around row-level security.
 */
export async function countRows(db: Db, tables: readonly string[], orgId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const count = async (table: string, column: string) => {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${orgId}`);
    counts[table] = rows[0]?.n ?? 0;
  };
  for (const table of tables) await count(table, 'org_id');
  await count('auth_organization', 'id');
  await count('auth_member', 'organization_id');
  await count('auth_invitation', 'organization_id');
  return counts;
}

/**
 * At least one row of the organisation in every table with an `org_id` (sign-up already made its
 * settings, starter workflow, steps and templates): customers and their money, events and their
 * history, imports, bulk actions, replies, Stripe, mail settings, an invitation.
 */
export async function seedEveryTable(db: Db, orgId: string, inviterId: string): Promise<void> {
  const customer = await insertCustomer(db, orgId, { currency: 'GBP' });
  await insertContact(db, orgId, customer.id);
  await tagCustomer(db, orgId, customer.id, (await insertTag(db, orgId)).id);
  const invoice = await insertInvoice(db, orgId, customer.id, { amountDue: 12_000, dueDate: '2026-01-15' });
  await insertPayment(db, orgId, customer.id, { invoiceId: invoice.id, amount: 2_000, currency: 'GBP', paidAt: new Date(), source: 'api' });
  // A payment on account and where it went (decision 0037).
  const onAccount = await insertPayment(db, orgId, customer.id, { amount: 1_000, currency: 'GBP', paidAt: new Date(), source: 'api' });
  const event = await insertEvent(db, orgId, customer.id);
  const key = crypto.randomUUID();
  await withOrg(db, orgId, async (tx) => {
    await tx.execute(sql`insert into payment_allocation (org_id, payment_id, invoice_id, amount) values (${orgId}, ${onAccount.id}, ${invoice.id}, 1000)`);
    await tx.execute(sql`insert into standing_transition (org_id, customer_id, "from", "to", reason)
      values (${orgId}, ${customer.id}, 'in_good_standing', 'single_missed', 'days_passed')`);
    const [upload] = await tx
      .execute<{ id: string }>(sql`insert into customer_import (org_id, filename, headers, preview, delimiter, encoding)
        values (${orgId}, 'book.csv', array['Name'], '[]'::jsonb, ',', 'utf-8') returning id`)
      .then((r) => r.rows);
    await tx.execute(sql`insert into customer_import_row (org_id, import_id, row_number, cells) values (${orgId}, ${upload?.id}, 1, array['Acme'])`);
    await tx.execute(sql`insert into customer_bulk_job (org_id, action, matching, customer_ids, total)
      values (${orgId}, '{"type":"resume"}'::jsonb, '{}'::jsonb, array[${customer.id}::uuid], 1)`);
    const [reply] = await tx
      .execute<{ id: string }>(sql`insert into inbound_email (org_id, channel, kind, raw, size, customer_id, event_id)
        values (${orgId}, 'smtp', 'reply', 'raw'::bytea, 3, ${customer.id}, ${event.id}) returning id`)
      .then((r) => r.rows);
    await tx.execute(sql`insert into inbound_attachment (org_id, inbound_email_id, position, content_type, size) values (${orgId}, ${reply?.id}, 0, 'text/plain', 3)`);
    await tx.execute(sql`insert into inbound_route (org_id, kind, key) values (${orgId}, 'webhook_secret', ${key})`);
    await tx.execute(sql`insert into org_mail_settings (org_id) values (${orgId}) on conflict do nothing`);
    const [account] = await tx
      .execute<{ id: string }>(sql`insert into account (org_id, external_account_id, livemode) values (${orgId}, ${`acct_${key}`}, false) returning id`)
      .then((r) => r.rows);
    await tx.execute(sql`insert into stripe_event (org_id, id, account_id, type) values (${orgId}, ${`evt_${key}`}, ${account?.id}, 'invoice.paid')`);
    await tx.execute(sql`insert into account_install_nonce (org_id, nonce) values (${orgId}, ${key})`);
    await tx.execute(sql`insert into audit_log (org_id, action, entity, entity_id, customer_id) values (${orgId}, 'customer.create', 'customer', ${customer.id}, ${customer.id})`);
    await tx.execute(sql`insert into customer_note (org_id, customer_id, kind, body, follow_up_on) values (${orgId}, ${customer.id}, 'note', 'Rang', current_date)`);
    await tx.execute(sql`insert into event_bulk_job (org_id, action, event_ids, total) values (${orgId}, 'cancel', array[${event.id}::uuid], 1)`);
    await tx.execute(sql`insert into idempotency_key (org_id, key, method, path, request_hash, status, response_body)
      values (${orgId}, ${key}, 'POST', '/api/tags', 'hash', 201, '{}'::jsonb)`);
  });
  await db.execute(sql`insert into auth_invitation (organization_id, email, role, status, expires_at, inviter_id)
    values (${orgId}, ${`invitee-${key}@example.com`}, 'member', 'pending', now() + interval '7 days', ${inviterId})`);
}
