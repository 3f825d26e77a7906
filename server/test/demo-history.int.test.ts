import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { createAppAuth } from '../src/app-auth';
import { createAccountMailer } from '../src/auth/account-mail';
import { getEvent } from '../src/modules/events/get-event';
import { getCustomerPlan } from '../src/modules/workflows/get-customer-plan';
import { readOrganisationToday } from '../src/org/organisation-today';

import { type EventSeen, readEvents } from './scheduling-helpers';
import { createTestDatabase, seedDemo, type TestDatabase, testConfig, withOrg } from './support';

let tdb: TestDatabase;
/** The demo organisation the first test seeds; the letters test reads its planned emails. */
let demoOrgId: string | undefined;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

const DAY_MS = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const daysOf = (instants: string[]) => new Set(instants.map((at) => at.slice(0, 10)));

describe('the demo organisation a first start seeds', () => {
  it('has three weeks of chasing history: emails planned, drafted, and superseded for several reasons', { timeout: 240_000 }, async () => {
    // As main.ts does on a first start, into an empty database, at the real clock: the book is
    // relative to today, so this is what a first-time user sees today.
    const config = testConfig();
    const auth = createAppAuth(tdb.db, config, createAccountMailer(config.mail, false, silent));
    const seededAt = new Date().toISOString();
    const { orgId, userId } = await seedDemo({ db: tdb.db, auth, password: 'demo-password-for-a-test' });
    demoOrgId = orgId;
    const now = new Date().toISOString();

    // Money already received only (decision 0037): no payment dated after the seed's clock, and every
    // invoice has been paid exactly what its payments add up to — none shows a payment yet still owes it.
    const money = await withOrg(tdb.db, orgId, async (tx) => {
      const counts = await tx.execute<{ total: number; ahead: number }>(sql`
        select count(*)::integer as total, (count(*) filter (where paid_at > ${seededAt}::timestamptz))::integer as ahead from payment`);
      const disagreeing = await tx.execute<{ number: string }>(sql`
        select i.number from invoice i
        where i.status in ('open', 'paid') and i.amount_paid <> coalesce((select sum(p.amount) from payment p where p.invoice_id = i.id), 0)`);
      return { ...counts.rows[0], disagreeing: disagreeing.rows.map((r) => r.number) };
    });
    expect(money.total).toBeGreaterThan(0);
    expect(money.ahead).toBe(0);
    expect(money.disagreeing).toEqual([]);
    const events = await readEvents(tdb.db, orgId);
    const by = (status: EventSeen['status']) => events.filter((e) => e.status === status);

    // Planned: emails still to go, every one ahead of now.
    expect(by('pending').filter((e) => (e.scheduledFor ?? '') > now).length).toBeGreaterThan(0);

    // The top debtors that owe and are not paused each have their next email planned (issue 29):
    // none shows "Nothing planned" on its page, whatever its lateness when the history began.
    const top = await withOrg(tdb.db, orgId, (tx) => tx.execute<{ id: string; name: string }>(sql`
      select id, name from customer where standing in ('single_missed', 'multiple_missed')
      order by (currency = 'GBP') desc, amount_overdue desc limit 10`));
    expect(top.rows.length).toBe(10);
    const planOf = (id: string) => getCustomerPlan({ db: tdb.db, orgId }, id, new Date(now));
    const plans = await Promise.all(top.rows.map(async (c) => ({ name: c.name, plan: await planOf(c.id) })));
    expect(plans.filter((p) => p.plan.next === null).map((p) => `${p.name}: ${p.plan.note ?? ''}`)).toEqual([]);
    // Drafts: what fell due was rendered and kept by the dry-run sender, on the days it fell due.
    const drafts = by('draft_success');
    expect(drafts.every((d) => d.html !== null && d.sentAt !== null && d.sentAt <= now)).toBe(true);
    expect(daysOf(drafts.map((d) => d.sentAt ?? '')).size).toBeGreaterThanOrEqual(5);
    // Superseded, each with its reason in its history: a debt paid, a standing changed, steps whose
    // day had passed when a later one came recorded skipped, and one cancelled by the demo user.
    const superseded = by('superseded');
    expect(superseded.every((e) => e.history.at(-1)?.status === 'superseded' && e.history.at(-1)?.reason === e.reason)).toBe(true);
    expect([...new Set(superseded.map((e) => e.reason))])
      // No workflow_changed since decision 0036: the key accounts move in the history's second week,
      // when their chases' next steps lie beyond the 14-day horizon, so no planned email is superseded by it.
      .toEqual(expect.arrayContaining(['debt_paid', 'standing_changed', 'skipped', 'cancelled']));
    expect(superseded.filter((e) => e.reason === 'cancelled').map((e) => e.history.at(-1)?.actorId)).toEqual([userId]);

    // A promise to pay the demo's person recorded, broken (Home's To do lists it, decision 0040): the
    // customer owes again, last paused on the promise, with no email sent to it while it was paused.
    const broken = await withOrg(tdb.db, orgId, async (tx) => (await tx.execute<{ id: string; since: string; sent: number }>(sql`
      select c.id, i.triage_acted_at::text as since,
             (select count(*)::int from event e where e.customer_id = c.id and e.direction = 'outbox'
                and e.status in ('success', 'draft_success') and e.sent_at >= i.received_at) as sent
      from customer c join inbound_email i on i.customer_id = c.id and i.triage_action = 'record_promise'
      where c.standing in ('single_missed', 'multiple_missed') and c.pause_reason = 'promise'`)).rows);
    expect(broken).toHaveLength(1);
    expect(broken[0]?.sent).toBe(0);

    // A history of weeks, not of one pass: something happened on at least 14 different days, the first three weeks ago.
    const changes = events.flatMap((e) => e.history.map((h) => h.at)).filter((at) => at <= now).sort();
    expect(daysOf(changes).size).toBeGreaterThanOrEqual(14);
    expect(Date.parse(now) - Date.parse(changes[0] ?? now)).toBeGreaterThan(20 * DAY_MS);
  });

  // The letter corpus's rule "figures equal to the database's" (issue 29, scope 10), on real rows:
  // every planned email of the demo, rendered as its page shows it, against an independent read of
  // the customer's invoices — what is listed, each amount and due date, the days late to the day
  // the email goes, the total, and the subject's amount.
  it('plans letters whose every figure is the database’s, counted to the day each goes', { timeout: 120_000 }, async () => {
    const orgId = demoOrgId;
    if (!orgId) throw new Error('the demo was not seeded');
    const pending = (await readEvents(tdb.db, orgId)).filter((e) => e.status === 'pending');
    expect(pending.length).toBeGreaterThan(10);
    const problems: string[] = [];
    let rowsChecked = 0;
    for (const e of pending) {
      const detail = await getEvent({ db: tdb.db, orgId }, e.id);
      const day = detail.live_render_day;
      if (!detail.live_render || !day) {
        problems.push(`${e.id}: not rendered afresh (${detail.problem ?? 'no reason'})`);
        continue;
      }
      // Overdue in the organisation's own today (its zone, not the database server's).
      const owed = await withOrg(tdb.db, orgId, async (tx) => tx.execute<{ number: string; due_date: string; amount_remaining: number }>(sql`
        select i.number, i.due_date::text, i.amount_remaining from invoice i
        where i.customer_id = ${e.customerId} and i.status = 'open' and i.amount_remaining > 0
          and i.due_date < ${await readOrganisationToday(tx, orgId)}::date
        order by i.due_date, i.number`));
      const listed = invoiceRows(detail.html);
      rowsChecked += listed.rows.length;
      const name = `${detail.customer_name} (${day})`;
      const expected = owed.rows.map((r) => ({
        number: r.number,
        due: longDate(r.due_date),
        late: String(daysBetween(r.due_date, day)),
        amount: r.amount_remaining,
      }));
      if (JSON.stringify(listed.rows) !== JSON.stringify(expected)) problems.push(`${name}: lists ${JSON.stringify(listed.rows)}, the database ${JSON.stringify(expected)}`);
      const sum = owed.rows.reduce((n, r) => n + r.amount_remaining, 0);
      if (owed.rows.length > 1 && listed.total !== sum) problems.push(`${name}: total ${listed.total ?? 'missing'}, the database ${sum}`);
      const subjectAmount = /([£€]|US\$)([\d,]+\.\d{2})/.exec(detail.subject);
      if (subjectAmount && minor(subjectAmount[0]) !== sum) problems.push(`${name}: subject says ${subjectAmount[0]}, the database ${sum}`);
      const greeting = detail.text.split('\n').find((line) => line.trim() !== '') ?? '';
      if (greeting.includes('@')) problems.push(`${name}: greets "${greeting}"`);
      if (/\b0 reminders?\b/.test(detail.text)) problems.push(`${name}: says "0 reminders"`);
    }
    expect(problems).toEqual([]);
    expect(rowsChecked).toBeGreaterThan(pending.length);
  });
});

/** The rows of a letter's invoice table (merge-values.ts writes it), and its total row when there is one. */
function invoiceRows(html: string): { rows: { number: string; due: string; late: string; amount: number }[]; total: number | null } {
  const cell = (td: string) => td.replace(/<[^>]+>/g, '').trim();
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  const rows = [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((tr) => {
    const cells = [...(tr[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) => cell(m[1] ?? ''));
    return { number: cells[0] ?? '', due: cells[1] ?? '', late: cells[2] ?? '', amount: minor(cells[3] ?? '') };
  });
  const foot = /<tfoot>(.*?)<\/tfoot>/s.exec(html)?.[1];
  const total = foot ? minor([...foot.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) => cell(m[1] ?? '')).find((c) => /\d/.test(c)) ?? '') : null;
  return { rows, total };
}

/** "£1,234.50" → 123450: the demo's currencies all have two decimals. */
const minor = (money: string): number => Math.round(Number(money.replace(/[^\d.]/g, '')) * 100);
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const longDate = (day: string): string => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
