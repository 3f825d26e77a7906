import { addDays, type EmailTemplate, type Workflow } from '@receivables/contracts';

import { apiPost, apiPut } from '../support/api';
import { isoDaysAgo, runScheduler, seedDebtor, seedSentEmail } from '../support/data';
import { expect, test } from '../support/fixtures';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';

const NORTHWIND = 'Northwind Traders';
const CONTOSO = 'Contoso Cycles';

/**
 * The day a step due tomorrow goes out: tomorrow, or the Monday after a weekend (a new
 * organisation sends Monday to Friday, 09:00–17:00 in Europe/London; this test takes away the bank
 * holidays a new one starts with, decision 0046, so that the day is the same at Christmas).
 */
function nextWorkingDay(): string {
  let day = isoDaysAgo(-1);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

/** A calendar day as the app writes it: "24 November 2026", and with its weekday. */
const longDay = (day: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const weekday = (day: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test.describe('Activity', () => {
  test('after a scheduler pass, a planned reminder on the timeline, in Activity and the calendar, read as rendered today and cancelled', async ({ page, account, consoleGuard }) => {
    test.setTimeout(120_000);
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    // A template written as it should read, so the rendered email can be checked word for word.
    const template = await apiPost<EmailTemplate>(page.request, '/api/emails/', {
      name: 'Gentle nudge',
      tone: 'friendly-reminder',
      kind: 'regular_email',
      variation: 'none',
      subject: 'Gentle nudge: {{ amount_overdue }} for {{ customer_name }}',
      body: '<p>Hello,</p><p>Our records show {{ amount_overdue }} overdue for {{ customer_name }}.</p>{{ invoice_table }}',
    });
    // Chasing set up as a person would: a workflow whose one step sends it the day after a customer
    // misses a due date, made the default. Done before anyone owes anything, so the starter
    // workflow never has a customer to plan for.
    const workflow = await apiPost<Workflow>(page.request, '/api/workflows/', { name: 'Gentle chasing' });
    await apiPost(page.request, '/api/workflows/action/', { workflow_id: workflow.id, standing: 'single_missed', delay_days: 1, email_id: template.id });
    await apiPut(page.request, '/api/workflows/', { id: workflow.id, is_default: true });
    await apiPut(page.request, '/api/organisation/profile', { name: account.org.name, default_currency: 'GBP', holiday_region: null, time_zone: 'Europe/London' });

    // Each enters "one missed invoice" as it is added, so its episode starts today (however old the
    // invoice) and the step is due tomorrow: whatever day this runs, it goes out at 09:00 on the next
    // working day, well inside the 14 days the scheduler plans ahead.
    const goesOut = nextWorkingDay();
    const northwind = await seedDebtor(account.org.id, { name: NORTHWIND, currency: 'GBP', overdue: [[123_450, 3]], email: 'ap@northwind.example' });
    await seedDebtor(account.org.id, { name: CONTOSO, currency: 'GBP', overdue: [[50_000, 5]], email: 'ap@contoso.example' });
    await seedSentEmail(account.org.id, northwind, { subject: 'Your account with us', to: 'ap@northwind.example', daysAgo: 2 });
    // The worker's hourly pass, now: the scheduler plans the reminders as pending events.
    await runScheduler(account.org.id);

    // The customer's timeline shows the planned reminder; View activity opens Activity on them.
    await page.goto(`/customers/${northwind}`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const planned = timeline.getByRole('link', { name: 'Reminder planned: Gentle nudge' });
    await expect(planned).toHaveAttribute('href', /^\/emails\/[0-9a-f-]{36}$/);
    const plannedPath = (await planned.getAttribute('href')) ?? '';
    await page.getByRole('link', { name: 'View activity' }).click();
    await expect(page).toHaveURL(new RegExp(`/emails/\\?customer_id=${northwind}$`));
    await expect(page.getByText(`Customer: ${NORTHWIND}`)).toBeVisible();
    const emails = page.getByRole('table', { name: 'Emails' });
    await expect(emails.locator('tbody tr')).toHaveCount(2);
    // Planned with the subject rendered from the customer's figures, to its primary contact, at 09:00.
    const plannedRow = emails.locator('tbody tr').first();
    await expect(plannedRow).toContainText(`Gentle nudge: £1,234.50 for ${NORTHWIND}`);
    await expect(plannedRow).toContainText('Planned');
    await expect(plannedRow).toContainText('ap@northwind.example');
    await expect(plannedRow.locator('time')).toContainText(longDay(goesOut));
    await expect(plannedRow.locator('time')).toContainText('Goes out 09:00');
    await expect(emails.locator('tbody tr').nth(1)).toContainText('Sent');
    await expect(emails).not.toContainText(CONTOSO);

    // The tab and the customer are the URL's: a link to them opens them.
    await page.goto(`/emails/?tab=inbox&customer_id=${northwind}`);
    await expect(page.getByRole('tab', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: `No replies yet for ${NORTHWIND}` })).toBeVisible();
    await page.getByRole('button', { name: 'All customers' }).click();
    await expect(page).toHaveURL(/\/emails\/\?tab=inbox$/);
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/emails\/$/);
    await expect(emails.locator('tbody tr')).toHaveCount(3);

    // The calendar on /workflows opens on the day both go out, under the workflow that planned them.
    await page.goto('/workflows');
    const calendar = page.getByRole('region', { name: 'Next 14 days' });
    await expect(calendar.getByRole('group', { name: 'Days' }).getByRole('button')).toHaveCount(14);
    const day = calendar.getByRole('region', { name: `Emails planned on ${weekday(goesOut)} ${longDay(goesOut)}` });
    const gentle = day.getByRole('list', { name: `Gentle chasing on ${weekday(goesOut)} ${longDay(goesOut)}` });
    await expect(gentle.getByRole('listitem')).toHaveCount(2);
    await expect(gentle.getByRole('link', { name: `${CONTOSO} — Gentle nudge` })).toBeVisible();
    await gentle.getByRole('link', { name: `${NORTHWIND} — Gentle nudge` }).click();

    // The email as it would go out now: rendered from today's figures, in a sandboxed frame.
    const subject = `Gentle nudge: £1,234.50 for ${NORTHWIND}`;
    await expect(page).toHaveURL(new RegExp(`${plannedPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    const frame = page.frameLocator(`iframe[title="Email: ${subject}"]`);
    await expect(frame.getByText(`Our records show £1,234.50 overdue for ${NORTHWIND}.`)).toBeVisible();
    await expect(page.locator('iframe')).not.toHaveAttribute('sandbox', /allow-scripts/);
    await page.getByRole('button', { name: 'Plain text' }).click();
    await expect(page.getByLabel('Plain-text part')).toContainText(`Our records show £1,234.50 overdue for ${NORTHWIND}.`);

    // Cancelled by this person: superseded, with their name in its history and on the timeline.
    await page.getByRole('button', { name: 'Cancel email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this email?' });
    await dialog.getByRole('button', { name: 'Cancel email' }).click();
    await expect(page.getByText('Email cancelled: it will not be sent')).toBeVisible();
    const history = page.getByRole('list', { name: 'Status history' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(1)).toContainText('Superseded');
    await expect(history.getByRole('listitem').nth(1)).toContainText('Cancelled by hand');
    await expect(history.getByRole('listitem').nth(1)).toContainText(account.name);
    await expect(page.getByRole('button', { name: 'Cancel email' })).toHaveCount(0);

    await page.getByRole('link', { name: 'View customer' }).click();
    const cancelled = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'Reminder not sent: Gentle nudge — cancelled by hand' });
    await expect(cancelled).toContainText(account.name);
  });
});
