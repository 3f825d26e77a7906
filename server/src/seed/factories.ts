import { MS_PER_DAY } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { type Db, withOrg } from '../db/client';
import {
  authMember,
  authOrganization,
  authUser,
  contact,
  customer,
  customerTag,
  event,
  eventStatusChange,
  invoice,
  orgSettings,
  payment,
  tag,
} from '../db/schema';

// Insert helpers shared by the demo seed, the server's tests and the e2e workspace, so there is
// one way to put business data in the database. Each runs inside withOrg: RLS applies.

export type NewCustomer = Omit<typeof customer.$inferInsert, 'orgId'>;
export type NewContact = Omit<typeof contact.$inferInsert, 'orgId' | 'customerId'>;
export type NewTag = Omit<typeof tag.$inferInsert, 'orgId'>;
type InvoiceDefaults = 'orgId' | 'customerId' | 'amountRemaining' | 'currency' | 'number' | 'issuedOn';
export type NewInvoice = Omit<typeof invoice.$inferInsert, InvoiceDefaults> & {
  amountRemaining?: number;
  currency?: string;
  number?: string;
  issuedOn?: string;
};
export type NewPayment = Omit<typeof payment.$inferInsert, 'orgId' | 'customerId'>;
export type CustomerRecord = typeof customer.$inferSelect;
export type InvoiceRecord = typeof invoice.$inferSelect;
export type NewEvent = Omit<typeof event.$inferInsert, 'orgId' | 'customerId'>;
export type EventRecord = typeof event.$inferSelect;
/** One status of an event's history, oldest first; `at` defaults to now. */
export interface NewEventStatus {
  status: EventRecord['status'];
  reason?: string | null;
  actorId?: string | null;
  at?: Date;
}

/**
 * Make the user with this email a `role` of the organisation, as an accepted invitation does
 * (decision 0024). The user must exist (signed up); answers their id.
 */
export async function insertMembership(db: Db, orgId: string, email: string, role: 'owner' | 'admin' | 'member'): Promise<string> {
  const [user] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email.toLowerCase()));
  if (!user) throw new Error(`no user signed up as ${email}`);
  await db.insert(authMember).values({ organizationId: orgId, userId: user.id, role });
  return user.id;
}

/** An organisation without any member (for tests that do not go through sign-up). */
export async function insertOrganization(db: Db, input: { name?: string; slug?: string } = {}): Promise<{ id: string; name: string }> {
  const name = input.name ?? 'Test Org';
  const slug = input.slug ?? `org-${crypto.randomUUID()}`;
  const [org] = await db
    .insert(authOrganization)
    .values({ name, slug })
    .returning({ id: authOrganization.id, name: authOrganization.name });
  if (!org) throw new Error('organisation insert returned nothing');
  await withOrg(db, org.id, (tx) => tx.insert(orgSettings).values({ orgId: org.id }).onConflictDoNothing());
  return org;
}

export async function insertCustomers(db: Db, orgId: string, inputs: NewCustomer[]): Promise<CustomerRecord[]> {
  if (inputs.length === 0) return [];
  return withOrg(db, orgId, (tx) => tx.insert(customer).values(inputs.map((c) => ({ ...c, orgId }))).returning());
}

export async function insertCustomer(db: Db, orgId: string, input: Partial<NewCustomer> = {}): Promise<CustomerRecord> {
  return first(await insertCustomers(db, orgId, [{ name: `Customer ${crypto.randomUUID().slice(0, 8)}`, ...input }]));
}

export async function insertContact(db: Db, orgId: string, customerId: string, input: Partial<NewContact> = {}) {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .insert(contact)
      .values({ email: `${crypto.randomUUID().slice(0, 8)}@example.com`, ...input, orgId, customerId })
      .returning(),
  );
  return first(rows);
}

export async function insertTag(db: Db, orgId: string, input: Partial<NewTag> = {}) {
  const rows = await withOrg(db, orgId, (tx) =>
    tx.insert(tag).values({ name: `Tag ${crypto.randomUUID().slice(0, 8)}`, ...input, orgId }).returning(),
  );
  return first(rows);
}

export async function tagCustomer(db: Db, orgId: string, customerId: string, tagId: string): Promise<void> {
  await withOrg(db, orgId, (tx) => tx.insert(customerTag).values({ orgId, customerId, tagId }).onConflictDoNothing());
}

/** Build the insert values of an invoice: amount_remaining defaults to amount_due − amount_paid. */
export function invoiceValues(orgId: string, customerId: string, input: NewInvoice): typeof invoice.$inferInsert {
  const amountPaid = input.amountPaid ?? 0;
  return {
    number: `INV-${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
    currency: 'GBP',
    issuedOn: input.dueDate,
    ...input,
    amountPaid,
    amountRemaining: input.amountRemaining ?? (input.status === 'void' || input.status === 'paid' ? 0 : input.amountDue - amountPaid),
    orgId,
    customerId,
  };
}

export async function insertInvoices(db: Db, orgId: string, customerId: string, inputs: NewInvoice[]): Promise<InvoiceRecord[]> {
  if (inputs.length === 0) return [];
  return withOrg(db, orgId, (tx) => tx.insert(invoice).values(inputs.map((i) => invoiceValues(orgId, customerId, i))).returning());
}

export async function insertInvoice(db: Db, orgId: string, customerId: string, input: NewInvoice): Promise<InvoiceRecord> {
  return first(await insertInvoices(db, orgId, customerId, [input]));
}

export async function insertPayment(db: Db, orgId: string, customerId: string, input: NewPayment) {
  const rows = await withOrg(db, orgId, (tx) => tx.insert(payment).values({ ...input, orgId, customerId }).returning());
  return first(rows);
}

/**
 * An email event as the scheduler (planned), the sender (sent, drafted, failed) or the inbox
 * (received) would leave it: by default a reminder planned for tomorrow. Its history is
 * `history`, or else one entry for the status it has, with its reason and actor.
 */
export async function insertEvent(
  db: Db,
  orgId: string,
  customerId: string,
  input: Partial<NewEvent> & { history?: NewEventStatus[] } = {},
): Promise<EventRecord> {
  const { history, ...values } = input;
  const direction = values.direction ?? 'outbox';
  return withOrg(db, orgId, async (tx) => {
    const row = first(
      await tx
        .insert(event)
        .values({
          direction,
          status: direction === 'inbox' ? 'incoming' : 'pending',
          kind: direction === 'inbox' ? null : 'regular_email',
          scheduledFor: direction === 'inbox' ? null : new Date(Date.now() + MS_PER_DAY),
          ...values,
          orgId,
          customerId,
        })
        .returning(),
    );
    const entries = history ?? [{ status: row.status, reason: row.statusReason, actorId: row.actorId, at: row.createdAt }];
    if (entries.length > 0) {
      await tx.insert(eventStatusChange).values(
        entries.map((entry) => ({
          orgId,
          eventId: row.id,
          status: entry.status,
          reason: entry.reason ?? null,
          actorId: entry.actorId ?? null,
          at: entry.at ?? new Date(),
        })),
      );
    }
    return row;
  });
}

function first<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}
