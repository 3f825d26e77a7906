import type { EmailTemplate, WorkflowListResponse } from '@receivables/contracts';

import { apiGet, apiPost } from '../support/api';
import { seedDebtor, seedPlannedEmail, seedSentEmail } from '../support/data';
import { expect, test } from '../support/fixtures';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';

const NORTHWIND = 'Northwind Traders';
const CONTOSO = 'Contoso Cycles';

test.describe('Activity', () => {
  test('a planned reminder on the timeline, in Activity and the calendar, read as rendered today and cancelled', async ({ page, account, consoleGuard }) => {
    test.setTimeout(120_000);
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    const northwind = await seedDebtor(account.org.id, { name: NORTHWIND, currency: 'GBP', overdue: [[123_450, 3]], email: 'ap@northwind.example' });
    const contoso = await seedDebtor(account.org.id, { name: CONTOSO, currency: 'GBP', overdue: [[50_000, 5]], email: 'ap@contoso.example' });
    // A template written as it should read, so the rendered email can be checked word for word.
    const template = await apiPost<EmailTemplate>(page.request, '/api/emails/', {
      name: 'Gentle nudge',
      tone: 'friendly-reminder',
      kind: 'regular_email',
      variation: 'none',
      subject: 'Gentle nudge: {{ amount_overdue }} for {{ customer_name }}',
      body: '<p>Hello,</p><p>Our records show {{ amount_overdue }} overdue for {{ customer_name }}.</p>{{ invoice_table }}',
    });
    const standard = (await apiGet<WorkflowListResponse>(page.request, '/api/workflows/')).rows.find((w) => w.is_default);
    const step = standard?.actions[0];
    if (!standard || !step) throw new Error('the new organisation has no starter workflow');
    const plan = { emailId: template.id, workflowId: standard.id, workflowActionId: step.id };
    const plannedId = await seedPlannedEmail(account.org.id, northwind, { ...plan, inHours: 50, subject: 'Gentle nudge (as planned)', to: 'ap@northwind.example' });
    await seedPlannedEmail(account.org.id, contoso, { ...plan, inHours: 74, subject: 'Gentle nudge for Contoso', to: 'ap@contoso.example' });
    await seedSentEmail(account.org.id, northwind, { subject: 'Your account with us', to: 'ap@northwind.example', daysAgo: 2 });

    // The customer's timeline shows the planned reminder; View activity opens Activity on them.
    await page.goto(`/customers/${northwind}`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('link', { name: 'Reminder planned: Gentle nudge' })).toHaveAttribute('href', `/emails/${plannedId}`);
    await page.getByRole('link', { name: 'View activity' }).click();
    await expect(page).toHaveURL(new RegExp(`/emails/\\?customer_id=${northwind}$`));
    await expect(page.getByText(`Customer: ${NORTHWIND}`)).toBeVisible();
    const emails = page.getByRole('table', { name: 'Emails' });
    await expect(emails.locator('tbody tr')).toHaveCount(2);
    await expect(emails.locator('tbody tr').first()).toContainText('Gentle nudge (as planned)');
    await expect(emails.locator('tbody tr').first()).toContainText('Planned');
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

    // The calendar on /workflows lists both planned reminders on their days.
    await page.goto('/workflows');
    const calendar = page.getByRole('region', { name: 'Next 14 days' });
    await expect(calendar.getByRole('group', { name: 'Days' }).getByRole('button')).toHaveCount(14);
    await expect(calendar.getByRole('link', { name: `${NORTHWIND} — Gentle nudge` })).toBeVisible();
    await calendar.getByRole('link', { name: `${NORTHWIND} — Gentle nudge` }).click();

    // The email as it would go out now: rendered from today's figures, in a sandboxed frame.
    const subject = `Gentle nudge: £1,234.50 for ${NORTHWIND}`;
    await expect(page).toHaveURL(new RegExp(`/emails/${plannedId}$`));
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
