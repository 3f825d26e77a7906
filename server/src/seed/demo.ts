import { MS_PER_DAY } from '@receivables/contracts';
import { count, eq } from 'drizzle-orm';

import type { Auth } from '../auth/create-auth';
import { type Db, withOrg } from '../db/client';
import { authUser, contact, customer, customerTag, invoice, payment, tag } from '../db/schema';

import {
  CONTACT_FIRST_NAMES,
  CONTACT_LAST_NAMES,
  DEMO_CUSTOMER_NAMES,
  DEMO_EMAIL,
  DEMO_NAME,
  DEMO_ORG_NAME,
  DEMO_ORG_SLUG,
  DEMO_TAGS,
} from './demo-data';
import { seedDemoHistory } from './demo-history';
import { seedDemoReplies } from './demo-replies';
import { invoiceValues, type NewInvoice } from './factories';
import { createRandom, type Random } from './prng';

export { DEMO_EMAIL } from './demo-data';

/** Whether the database has no users yet (a first start). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(authUser);
  return (row?.n ?? 0) === 0;
}

export async function demoUserExists(db: Db): Promise<boolean> {
  const rows = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, DEMO_EMAIL)).limit(1);
  return rows.length > 0;
}

/**
 * Create the demo user (through better-auth, so the password hash is right), the organisation
 * "Demo Trading Ltd" and a deterministic book of customers, invoices and payments relative to
 * `today`, then a few weeks of chasing history by running the scheduler over it at past clocks
 * (demo-history.ts), which leaves the customers' figures derived as of today.
 */
export async function seedDemo(deps: { db: Db; auth: Auth; password: string; today?: Date }): Promise<{ orgId: string; userId: string }> {
  const { db, auth } = deps;
  const today = deps.today ?? new Date();
  const { user } = await auth.api.signUpEmail({ body: { email: DEMO_EMAIL, password: deps.password, name: DEMO_NAME } });
  const org = await auth.api.createOrganization({ body: { name: DEMO_ORG_NAME, slug: DEMO_ORG_SLUG, userId: user.id } });
  await seedDemoBook(db, org.id, today);
  await seedDemoHistory(db, org.id, user.id, today);
  await seedDemoReplies(db, org.id, today, user.id);
  return { orgId: org.id, userId: user.id };
}

/** The business data of the demo organisation; exported so benchmarks can build bigger books. */
export async function seedDemoBook(db: Db, orgId: string, today: Date, seed = 20_240_601): Promise<void> {
  const random = createRandom(seed);
  await withOrg(db, orgId, async (tx) => {
    const tags = await tx.insert(tag).values(DEMO_TAGS.map((t) => ({ ...t, orgId }))).returning();
    const customers = await tx
      .insert(customer)
      .values(
        DEMO_CUSTOMER_NAMES.map((name, i) => ({
          orgId,
          name,
          currency: i % 11 === 5 ? 'EUR' : i % 13 === 7 ? 'USD' : 'GBP',
          externalRef: `demo:${i + 1}`,
        })),
      )
      .returning();

    const contacts: (typeof contact.$inferInsert)[] = [];
    const links: (typeof customerTag.$inferInsert)[] = [];
    const invoices: (typeof invoice.$inferInsert)[] = [];
    customers.forEach((c, i) => {
      contacts.push(contactFor(random, orgId, c.id, c.name, 'primary'));
      if (random.chance(0.25)) contacts.push(contactFor(random, orgId, c.id, c.name, 'escalation'));
      const tagCount = random.int(0, 2);
      const chosen = new Set<string>();
      for (let k = 0; k < tagCount; k++) chosen.add(random.pick(tags).id);
      for (const tagId of chosen) links.push({ orgId, customerId: c.id, tagId });
      for (const inv of invoicesFor(random, today, i)) invoices.push(invoiceValues(orgId, c.id, { ...inv, currency: c.currency, number: `INV-${String(invoices.length + 1001)}` }));
    });
    await tx.insert(contact).values(contacts);
    if (links.length > 0) await tx.insert(customerTag).values(links);
    const saved = await tx.insert(invoice).values(invoices).returning();

    const payments = saved
      .filter((inv) => inv.amountPaid > 0)
      .map((inv) => ({
        orgId,
        customerId: inv.customerId,
        invoiceId: inv.id,
        amount: inv.amountPaid,
        currency: inv.currency,
        paidAt: paidAtFor(inv, random.int(-20, 10), today),
        source: 'api' as const,
      }));
    if (payments.length > 0) await tx.insert(payment).values(payments);

    // Most customers with overdue debt have been chased recently; some never.
    for (const c of customers) {
      if (random.chance(0.8)) {
        await tx
          .update(customer)
          .set({ lastChaseAt: new Date(today.getTime() - random.int(1, 30) * MS_PER_DAY - random.int(0, 8) * 3_600_000) })
          .where(eq(customer.id, c.id));
      }
    }
  });
}

/**
 * When an invoice's payment came: `offsetDays` before its due date (negative: after it), as the
 * book draws it, but never after `today` — a payment is money already received (decision 0037),
 * and one dated ahead would leave its invoice open and chased while the payment shows as received.
 * A date that would be ahead becomes an early payment between the issue and yesterday, spread by
 * the same draw so the book stays deterministic and no other draw moves.
 */
function paidAtFor(inv: { dueDate: string; issuedOn: string }, offsetDays: number, today: Date): Date {
  const aroundDue = Date.parse(`${inv.dueDate}T12:00:00Z`) - offsetDays * MS_PER_DAY;
  if (aroundDue < today.getTime() - MS_PER_DAY) return new Date(aroundDue);
  const issued = Date.parse(`${inv.issuedOn}T12:00:00Z`);
  // Whole days from the issue to today (at least 4: invoices are issued 5 or more days back).
  const span = Math.max(1, Math.floor((today.getTime() - issued) / MS_PER_DAY));
  return new Date(issued + ((offsetDays + 20) % span) * MS_PER_DAY);
}

function contactFor(random: Random, orgId: string, customerId: string, company: string, role: 'primary' | 'escalation') {
  const first = random.pick(CONTACT_FIRST_NAMES);
  const last = random.pick(CONTACT_LAST_NAMES);
  const domain = `${company.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '').slice(0, 24)}.co.uk`;
  const local = role === 'primary' ? 'accounts' : `${first}.${last}`.toLowerCase();
  return {
    orgId,
    customerId,
    name: `${first} ${last}`,
    email: `${local}@${domain}`,
    phone: `01${random.int(100, 999)} ${random.int(100_000, 999_999)}`,
    role,
  };
}

/** 2–7 invoices over the last six months: paid, part-paid, void, overdue 1–120 days, not yet due. */
function invoicesFor(random: Random, today: Date, index: number): NewInvoice[] {
  // A few customers are fully paid up so the list shows every standing.
  const isGoodPayer = index % 7 === 3;
  const n = random.int(2, 7);
  const result: NewInvoice[] = [];
  for (let k = 0; k < n; k++) {
    const issuedDaysAgo = random.int(5, 180);
    const termDays = random.pick([14, 30, 30, 45, 60]);
    const dueDaysAgo = issuedDaysAgo - termDays;
    const amountDue = random.int(120, 9_500) * 100 + random.pick([0, 0, 50, 99]);
    const roll = random.next();
    let status: NewInvoice['status'] = 'open';
    let amountPaid = 0;
    if (isGoodPayer || (dueDaysAgo > 120 && roll < 0.8) || roll < 0.3) {
      status = 'paid';
      amountPaid = amountDue;
    } else if (roll < 0.36) {
      status = 'void';
    } else if (roll < 0.5) {
      amountPaid = Math.round((amountDue * random.int(20, 80)) / 100);
    }
    result.push({
      amountDue,
      amountPaid,
      status,
      issuedOn: isoDate(new Date(today.getTime() - issuedDaysAgo * MS_PER_DAY)),
      dueDate: isoDate(new Date(today.getTime() - dueDaysAgo * MS_PER_DAY)),
      source: 'api',
    });
  }
  return result;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
