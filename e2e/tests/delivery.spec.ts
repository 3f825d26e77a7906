import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';
import type { EmailTemplate, Workflow } from '@receivables/contracts';
import { type SmtpSink, startSmtpSink } from '@receivables/server/testing';

import { apiPost, apiPut } from '../support/api';
import { runScheduler, seedDebtor, seedUnknownEmail } from '../support/data';
import { expect, test } from '../support/fixtures';
import { JOURNEY_FROM, mailHeader, mailsWithMessageId, sendMailThrough } from '../support/mail';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';
import { deliveryFact } from '../support/screens';
import { starterPlan } from '../support/starter-plan';

/** The Last contact cell of a customer's row in Home's Top debtors. */
const lastContactOnHome = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Top debtors' }).getByRole('row', { name: new RegExp(name) }).getByRole('cell').nth(4);

/** A unique mailbox, so what the sink received for one journey is told apart from the others'. */
const mailbox = (who: string) => `${who}+${randomUUID().slice(0, 8)}@journeys.example`;

/** The mail server every journey here sends through: a real one, on loopback, in this process. */
let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink();
});
test.afterAll(async () => {
  await sink.close();
});

/**
 * Sending by hand (issue 12): the sender, execute and Send to me are the server's; these journeys
 * check what only a browser shows, against a real SMTP server on loopback in the test's own process,
 * which the organisation uses as its own mail server (Settings → Email).
 */
test.describe('Delivery', () => {
  test('a planned reminder sent now arrives at the mail server once, and reads as sent in Activity and on the timeline', async ({ page, account, consoleGuard }) => {
    test.setTimeout(120_000);
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    const address = mailbox('ap');
    // As Activity's journey: a step the day after a customer misses a due date, so the reminder is
    // planned for the next working day and the sender never takes it on its own during the test.
    const template = await apiPost<EmailTemplate>(page.request, '/api/emails/', {
      name: 'Send-now nudge',
      tone: 'friendly-reminder',
      kind: 'regular_email',
      variation: 'none',
      subject: 'Overdue: {{ amount_overdue }} for {{ customer_name }}',
      body: '<p>Hello,</p><p>Our records show {{ amount_overdue }} overdue for {{ customer_name }}.</p>',
    });
    const workflow = await apiPost<Workflow>(page.request, '/api/workflows/', { name: 'Send-now chasing' });
    await apiPost(page.request, '/api/workflows/action/', { workflow_id: workflow.id, standing: 'single_missed', delay_days: 1, email_id: template.id });
    await apiPut(page.request, '/api/workflows/', { id: workflow.id, is_default: true });
    await sendMailThrough(page.request, sink, { sending: true });
    const customerId = await seedDebtor(account.org.id, { name: 'Northwind Traders', currency: 'GBP', overdue: [[123_450, 3]], email: address });
    await runScheduler(account.org.id);
    // Planned is not contacted: Home's Last contact says so until the reminder goes.
    await page.goto('/home');
    await expect(lastContactOnHome(page, 'Northwind Traders')).toHaveText('Never');

    await page.goto(`/customers/${customerId}`);
    await page.getByRole('list', { name: 'Timeline' }).getByRole('link', { name: 'Reminder planned: Send-now nudge' }).click();
    const subject = 'Overdue: £1,234.50 for Northwind Traders';
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

    await page.getByRole('button', { name: 'Send now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this email now?' });
    await expect(dialog).toContainText(`“${subject}” goes now to ${address}, through your mail server.`);
    await expect(dialog).toContainText('it will not go again then');
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText(`Sent to ${address}`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The page is the server's answer: sent, with what the mail server said, and nothing left to send.
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('Handed to the mail server, which accepted it.');
    await expect(deliveryFact(page, 'The mail server’s answer')).toContainText(/^250\b/);
    await expect(deliveryFact(page, 'Attempts')).toHaveText('1');
    const messageId = (await deliveryFact(page, 'Message-ID').textContent()) ?? '';
    expect(messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    await expect(page.getByRole('button', { name: /^Send (now|again)$/ })).toHaveCount(0);

    // It arrived once, to the customer's contact, from the organisation's address, with our Message-ID.
    await expect.poll(() => mailsWithMessageId(sink, messageId).length).toBe(1);
    const [mail] = mailsWithMessageId(sink, messageId);
    if (!mail) throw new Error(`no message with ${messageId}`);
    expect(mail.to).toEqual([address]);
    expect(mailHeader(mail, 'From')).toContain(JOURNEY_FROM);

    await page.goto(`/emails/?customer_id=${customerId}`);
    const row = page.getByRole('table', { name: 'Emails' }).locator('tbody tr').filter({ hasText: subject });
    await expect(row).toContainText('Sent');
    await expect(row.locator('time')).toContainText(/Sent \d{2}:\d{2}/);

    await page.goto(`/customers/${customerId}`);
    await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('link', { name: `Reminder sent: ${subject}` })).toBeVisible();

    // Home's Last contact is now the send: today, as the browser reads the date.
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date()));
    await page.goto('/home');
    await expect(lastContactOnHome(page, 'Northwind Traders')).toHaveText(today);
  });

  test('a template sent to yourself arrives in your own inbox, rendered for a sample customer', async ({ page, account, consoleGuard }) => {
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    // Whatever the sending mode: a new organisation is in dry run.
    await sendMailThrough(page.request, sink, { sending: false });
    await seedDebtor(account.org.id, { name: 'Sample Supplies Ltd', currency: 'GBP', overdue: [[50_000, 5]] });

    await page.goto('/settings/templates');
    await page.getByRole('button', { name: 'Edit Friendly reminder' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit “Friendly reminder”' });
    const sendToMe = editor.getByRole('button', { name: 'Send to me' });
    // Only the saved text is sent: an unsaved change holds it back until it is saved or undone.
    const subject = editor.getByRole('textbox', { name: 'Subject' });
    const saved = await subject.inputValue();
    await subject.fill(`${saved} (changed)`);
    await expect(sendToMe).toBeDisabled();
    await subject.fill(saved);
    await expect(sendToMe).toBeEnabled();

    await sendToMe.click();
    await expect(editor.getByText(new RegExp(`^Sent to ${account.email.replace(/[.+]/g, '\\$&')} as it would reach .+\\.$`))).toBeVisible();
    await expect.poll(() => sink.messages.filter((mail) => mail.to.includes(account.email)).length).toBe(1);
  });

  test('an email whose outcome is unknown is explained, and sent again only when a person chooses to', async ({ page, account, consoleGuard }) => {
    test.setTimeout(90_000);
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    const address = mailbox('accounts');
    await sendMailThrough(page.request, sink, { sending: true });
    const customerId = await seedDebtor(account.org.id, { name: 'Contoso Cycles', currency: 'GBP', overdue: [[80_000, 12]], email: address });
    const firstId = `<${randomUUID()}@journeys.example>`;
    // A subject of its own: switching to sending starts a scheduling pass in the background, which
    // may plan the starter workflow's reminders for this debtor too.
    const subject = 'Where did this reminder go?';
    const plan = await starterPlan(page.request);
    await seedUnknownEmail(account.org.id, customerId, { subject, to: address, hoursAgo: 2, messageId: firstId, plan });

    // Activity says why at a glance; the page explains it.
    await page.goto(`/emails/?customer_id=${customerId}`);
    const row = page.getByRole('table', { name: 'Emails' }).locator('tbody tr').filter({ hasText: subject });
    await expect(row).toContainText('Unknown');
    await expect(row).toContainText('May or may not have arrived');
    await row.click();
    const note = page.getByRole('alert').filter({ hasText: 'It may or may not have arrived' });
    await expect(note).toContainText('It is never sent again on its own');
    await expect(deliveryFact(page, 'Message-ID')).toHaveText(firstId);
    expect(mailsWithMessageId(sink, firstId)).toEqual([]);

    await page.getByRole('button', { name: 'Send again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this email again?' });
    await expect(dialog).toContainText('It may already have arrived: sending again may give Contoso Cycles a second copy.');
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(`Sent to ${address}`)).toBeVisible();
    await expect(note).toHaveCount(0);
    // Once, to the customer's contact, with the Message-ID the page now shows.
    const messageId = (await deliveryFact(page, 'Message-ID').textContent()) ?? '';
    await expect.poll(() => mailsWithMessageId(sink, messageId).length).toBe(1);
    expect(mailsWithMessageId(sink, messageId)[0]?.to).toEqual([address]);
  });
});

