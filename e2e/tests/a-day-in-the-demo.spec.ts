import type { Page } from '@playwright/test';
import type { CustomerDetail, InboundCounts, ToDo } from '@receivables/contracts';
import { type SmtpSink, startSmtpSink } from '@receivables/server/testing';

import { apiGet } from '../support/api';
import { e2eDatabase } from '../support/data';
import { signUpWithDemoOrganisation } from '../support/demo-organisation';
import { expect, test } from '../support/fixtures';
import { mailHeader, sendMailThrough } from '../support/mail';

/**
 * A day's work on the demo organisation's own data (issue 30's acceptance): Home's To do says what
 * needs the person and each line opens the screen filtered to it; two planned emails are cancelled
 * together from Activity; a payment is recorded by hand; a call is logged with a follow-up that
 * lands on To do on its day; a reply is answered and the answer arrives threaded under it; and the
 * audit log says each of those in words.
 */
test('a day in the demo: To do, bulk cancel, a payment, a call followed up, a reply answered, all in the audit log', async ({ page }) => {
  test.setTimeout(300_000);
  const demo = await signUpWithDemoOrganisation(page.request);
  const sink = await startSmtpSink();
  try {
    // The organisation's own mail server, still in dry run as the demo is: reminders are drafted,
    // an answer a person writes is sent (decision 0044).
    await sendMailThrough(page.request, sink, { sending: false });
    await toDoLinks(page, demo.orgId);
    const cancelled = await bulkCancelTwo(page, demo.name);
    const paid = await recordPaymentOfBrokenPromise(page, demo.orgId);
    const called = await logCallFollowedUp(page, demo.orgId);
    const answered = await answerAReply(page, sink, demo.orgId);

    // The audit log has an entry for each, in words, naming the person.
    await page.goto('/settings/audit');
    const entries = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    for (const sentence of [
      /cancelled 2 planned emails/,
      new RegExp(`recorded a payment of £[\\d,.]+.* from ${escape(paid)}`),
      new RegExp(`logged a call with ${escape(called.contact)}.* at ${escape(called.customer)}`),
      new RegExp(`answered .* at ${escape(answered.customer)}`),
    ]) {
      // Each by the person, by name.
      await expect(entries.filter({ hasText: sentence }).filter({ hasText: demo.name }), `the audit log says ${String(sentence)}`).toHaveCount(1);
    }
    expect(cancelled).toHaveLength(2);
  } finally {
    await sink.close();
  }
});

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Home's To do on the demo: unread replies, the next emails, the broken promise; each line's link lands on its filtered screen. */
async function toDoLinks(page: Page, orgId: string): Promise<void> {
  const toDo = await apiGet<ToDo>(page.request, '/api/home/to-do');
  const { unread } = await apiGet<InboundCounts>(page.request, '/api/inbound/counts/');
  expect(unread).toBeGreaterThan(0);
  expect(toDo.promises_broken).toBe(1);
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'To do' });

  await card.getByRole('link', { name: `${unread} ${unread === 1 ? 'reply' : 'replies'} to read` }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/emails/' && url.searchParams.get('tab') === 'inbox');
  await expect(page.getByRole('tab', { name: /Inbox/, selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Emails' }).locator('tbody tr').first()).toBeVisible();
  // The colleague writing from a customer's domain, from an address no contact has: offered that customer.
  await page.getByRole('button', { name: /^Unassigned \(1\)/ }).click();
  const unassigned = page.getByRole('list', { name: 'Unassigned emails' });
  await expect(unassigned.getByText(/Looks like /)).toBeVisible();
  await expect(unassigned.getByRole('button', { name: /^Assign “Invoice query” to / })).toBeVisible();

  await page.goto('/home');
  await card.getByRole('link', { name: '1 promise to pay broken' }).click();
  await expect(page).toHaveURL((url) => decodeURIComponent(url.search).includes('pause_reason=["promise"]'));
  const broken = await brokenPromiseCustomer(orgId);
  const customers = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
  await expect(customers).toHaveCount(1);
  await expect(customers.first()).toContainText(broken.name);

  // The next emails: today's, else the next day's, as the card names it.
  await page.goto('/home');
  const emails = card.getByRole('link', { name: /emails? goe?s? out/ }).first();
  await expect(emails).toBeVisible();
  const planned = Number((await emails.textContent())?.match(/^(\d+)/)?.[1] ?? '0');
  expect(planned).toBeGreaterThan(0);
  await emails.click();
  // The Outbox is Activity's first tab: its URL names no tab.
  await expect(page).toHaveURL((url) => (url.searchParams.get('tab') ?? 'outbox') === 'outbox' && url.searchParams.get('status') === 'pending');
  await expect(page.getByRole('table', { name: 'Emails' }).locator('tbody tr')).toHaveCount(Math.min(planned, 25));
}

/** The demo's customer whose promise to pay was broken (seeded by demo-replies.ts). */
async function brokenPromiseCustomer(orgId: string): Promise<{ id: string; name: string }> {
  const { rows } = await e2eDatabase().pool.query<{ id: string; name: string }>(
    "select id, name from customer where org_id = $1 and pause_reason = 'promise' and standing in ('single_missed', 'multiple_missed')",
    [orgId],
  );
  expect(rows).toHaveLength(1);
  return rows[0] as { id: string; name: string };
}

/** Tick the first two planned emails on the Outbox and cancel them together: each shows cancelled, by the person. */
async function bulkCancelTwo(page: Page, person: string): Promise<string[]> {
  await page.goto('/emails/?tab=outbox');
  const table = page.getByRole('table', { name: 'Emails' });
  const boxes = table.getByRole('checkbox', { name: /^Select “/ });
  const names = [(await boxes.nth(0).getAttribute('aria-label')) ?? '', (await boxes.nth(1).getAttribute('aria-label')) ?? ''];
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const toolbar = page.getByRole('region', { name: 'Selection' });
  await expect(toolbar.getByText('2 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Cancel emails' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel 2 emails?' });
  await confirm.getByRole('button', { name: 'Cancel 2 emails' }).click();
  await expect(page.getByRole('region', { name: 'Bulk action' }).getByText('2 emails cancelled')).toBeVisible();

  // Each is superseded now, cancelled by the person, as its own page says.
  await page.goto('/emails/?tab=outbox&status=superseded');
  for (const name of names) {
    const label = name.replace(/^Select /, '');
    const row = table.locator('tbody tr').filter({ hasText: label.slice(1, label.indexOf('”')) }).first();
    await row.getByRole('link').first().click();
    await expect(page.getByText(/Cancelled/).first()).toBeVisible();
    await expect(page.getByText(person).first()).toBeVisible();
    await page.goBack();
  }
  return names;
}

/** Record the broken promise's debt paid in full on its customer's page: the standing, Home's figures and the timeline follow. */
async function recordPaymentOfBrokenPromise(page: Page, orgId: string): Promise<string> {
  const broken = await brokenPromiseCustomer(orgId);
  const before = await apiGet<CustomerDetail>(page.request, `/api/customers/${broken.id}/`);
  await page.goto('/home');
  const toDoCard = page.getByRole('region', { name: 'To do' });
  await expect(toDoCard.getByRole('link', { name: '1 promise to pay broken' })).toBeVisible();

  await page.goto(`/customers/${broken.id}`);
  await page.getByRole('button', { name: 'Record a payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await dialog.getByLabel(/^Amount/).fill((before.balance.open / 100).toFixed(2));
  await dialog.getByLabel('Reference').fill('BACS 2911');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  // Nothing owed now: the standing says so and the timeline has the payment.
  await expect(page.getByText('In good standing').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText(/Payment/).first()).toBeVisible();
  const after = await apiGet<CustomerDetail>(page.request, `/api/customers/${broken.id}/`);
  expect(after.balance.open).toBe(0);
  // Home: the broken promise is gone from To do.
  await page.goto('/home');
  await expect(toDoCard.getByText(/replies? to read/)).toBeVisible();
  await expect(toDoCard.getByRole('link', { name: /promise to pay broken/ })).toHaveCount(0);
  return broken.name;
}

/** Log a call with a follow-up tomorrow: not on To do today; on the day (the call's days moved back one), it is. */
async function logCallFollowedUp(page: Page, orgId: string): Promise<{ contact: string; customer: string }> {
  const { rows } = await e2eDatabase().pool.query<{ id: string; name: string; contact: string }>(
    `select c.id, c.name, ct.name as contact from customer c join contact ct on ct.customer_id = c.id and ct.role = 'primary'
     where c.org_id = $1 and c.standing = 'multiple_missed' order by c.amount_overdue desc limit 1`,
    [orgId],
  );
  const debtor = rows[0];
  if (!debtor) throw new Error('the demo has no customer with several invoices overdue');
  const toDo = await apiGet<ToDo>(page.request, '/api/home/to-do');
  await page.goto(`/customers/${debtor.id}`);
  const card = page.getByRole('region', { name: 'Notes and calls' });
  await card.getByRole('button', { name: 'Log a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a call' });
  await dialog.getByLabel('Who you called').fill(debtor.contact);
  await dialog.getByRole('combobox', { name: /How it went/ }).click();
  await page.getByRole('option', { name: 'Spoke to them' }).click();
  await dialog.getByLabel('What was said').fill('Will check the two oldest invoices with their buyer and ring back.');
  await dialog.getByRole('group', { name: 'Follow up on' }).click();
  await page.keyboard.press('Home');
  const day = toDo.tomorrow;
  await page.keyboard.type(`${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`);
  await dialog.getByRole('button', { name: 'Log call' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('listitem').filter({ hasText: `Call with ${debtor.contact}` })).toBeVisible();

  // Today: nothing to follow up yet.
  await page.goto('/home');
  const toDoCard = page.getByRole('region', { name: 'To do' });
  await expect(toDoCard.getByRole('heading', { name: 'To do' })).toBeVisible();
  await expect(toDoCard.getByText(/replies? to read/)).toBeVisible();
  await expect(toDoCard.getByRole('button', { name: /follow-ups? due today/ })).toHaveCount(0);

  // Tomorrow comes: the clock is the server's, so the call's days move back one instead.
  await e2eDatabase().pool.query(
    'update customer_note set follow_up_on = follow_up_on - 1, happened_at = happened_at - interval \'1 day\' where org_id = $1 and customer_id = $2',
    [orgId, debtor.id],
  );
  await page.reload();
  const line = toDoCard.getByRole('button', { name: '1 follow-up due today' });
  await line.click();
  const due = page.getByRole('list', { name: 'Follow-ups due' });
  await expect(due.getByRole('link', { name: debtor.name })).toBeVisible();
  await expect(due).toContainText('Will check the two oldest invoices');
  return { contact: debtor.contact, customer: debtor.name };
}

/** Answer a reply from its page: the answer reaches the customer's mail server threaded under the reply. */
async function answerAReply(page: Page, sink: SmtpSink, orgId: string): Promise<{ customer: string }> {
  const { rows } = await e2eDatabase().pool.query<{ event_id: string; message_id: string; customer: string; subject: string }>(
    `select i.event_id, i.message_id, c.name as customer, i.subject from inbound_email i join customer c on c.id = i.customer_id
     where i.org_id = $1 and i.kind = 'reply' and i.subject ilike 'RE: Payment reminder' and i.triage_action is null
     order by i.received_at desc limit 1`,
    [orgId],
  );
  const reply = rows[0];
  if (!reply) throw new Error('the demo has no reply to answer');
  await page.goto(`/emails/${reply.event_id}`);
  const form = page.getByRole('form', { name: /^Answer / });
  await form.getByLabel('Your answer').fill('Hello,\n\nA copy of the invoice is attached to our statement; it is due now.\n\nThank you');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Answer sent to|will be sent shortly/).first()).toBeVisible();

  await expect.poll(() => sink.messages.filter((m) => mailHeader(m, 'In-Reply-To') === reply.message_id).length, { timeout: 30_000 }).toBe(1);
  const mail = sink.messages.find((m) => mailHeader(m, 'In-Reply-To') === reply.message_id);
  if (!mail) throw new Error('the answer did not arrive');
  expect(mailHeader(mail, 'References')).toContain(reply.message_id);
  expect(mailHeader(mail, 'Subject')).toBe(`Re: ${reply.subject.replace(/^re:\s*/i, '')}`);
  expect(mail.raw).toContain('A copy of the invoice is attached to our statement');
  return { customer: reply.customer };
}
