import type { Page } from '@playwright/test';

import { apiPost } from '../support/api';
import { seedCustomersFollowing, seedDebtor } from '../support/data';
import { expect, test } from '../support/fixtures';

const ONE_MISSED = 'One invoice missed';

/** The steps of a section as the screen reads them, first to last. */
function stepTexts(page: Page, section: string): Promise<string[]> {
  return page
    .getByRole('list', { name: `Steps: ${section}` })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent ?? ''));
}

async function addStep(page: Page, section: string, days: string, template: RegExp): Promise<void> {
  await page.getByRole('button', { name: `Add step to “${section}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a step' });
  await dialog.getByLabel('Days after the due date').fill(days);
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: template }).click();
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await expect(dialog).toBeHidden();
}

const NUDGE = '2 days after the due date — Gentle nudge (Reminder, Friendly reminder)';
const CHECKING_IN = '6 days after the due date — Checking in (Reminder, Relationship building)';
const FIRM = '12 days after the due date — Firm reminder (Reminder, Firm)';

test.describe('Workflows', () => {
  test('builds a workflow, reorders it by keyboard, previews an email and deletes it, moving its customers', async ({ page, account, consoleGuard }) => {
    test.setTimeout(120_000);
    // Reading inside a frame, Playwright runs its own helper there; Chromium refuses it in a frame
    // without allow-scripts and says so. That refusal is the sandbox doing its job, not the app failing.
    consoleGuard.expectConsoleErrors(/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);
    await seedDebtor(account.org.id, { name: 'Preview Partners Ltd', currency: 'GBP', overdue: [[123_450, 3]], email: 'ap@preview-partners.example' });
    // A template written as it should read, so the rendered email can be checked word for word.
    await apiPost(page.request, '/api/emails/', {
      name: 'Gentle nudge',
      tone: 'friendly-reminder',
      kind: 'regular_email',
      variation: 'none',
      subject: 'Gentle nudge: {{ amount_overdue }} for {{ customer_name }}',
      body: '<p>Hello,</p><p>Our records show {{ amount_overdue }} overdue for {{ customer_name }}.</p>{{ invoice_table }}<p>{{ signature }}</p>',
    });

    // With no workflow chosen, the default is shown.
    await page.goto('/workflows');
    await expect(page.getByRole('heading', { level: 2, name: 'Standard chasing' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Standard chasing/ })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'New workflow' }).click();
    const created = page.getByRole('dialog', { name: 'New workflow' });
    await created.getByLabel('Name').fill('Gentle chasing');
    await created.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Gentle chasing' })).toBeVisible();
    const workflowId = new URL(page.url()).searchParams.get('workflow_id') ?? '';
    expect(workflowId).toMatch(/^[0-9a-f-]{36}$/);
    await seedCustomersFollowing(account.org.id, workflowId, ['Loyal Looms', 'Steady Stitch']);

    // A delay past a year is refused next to its field; then three steps.
    await page.getByRole('button', { name: `Add step to “${ONE_MISSED}”` }).click();
    const stepDialog = page.getByRole('dialog', { name: 'Add a step' });
    await stepDialog.getByLabel('Days after the due date').fill('400');
    await stepDialog.getByRole('button', { name: 'Add step' }).click();
    await expect(stepDialog.getByText('Enter a whole number of days from 0 to 365')).toBeVisible();
    await expect(stepDialog.getByLabel('Days after the due date')).toHaveAttribute('aria-invalid', 'true');
    await stepDialog.getByRole('button', { name: 'Cancel' }).click();
    await addStep(page, ONE_MISSED, '2', /^Gentle nudge/);
    await addStep(page, ONE_MISSED, '6', /^Checking in/);
    await addStep(page, ONE_MISSED, '12', /^Firm reminder/);
    await expect.poll(() => stepTexts(page, ONE_MISSED)).toEqual([NUDGE, CHECKING_IN, FIRM]);

    // Keyboard drag (dnd-kit): pick up the last step, two places up, drop; each move is announced.
    await page.getByRole('button', { name: 'Reorder: 12 days after the due date — Firm reminder' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Picked up 12 days after the due date — Firm reminder, at position 3 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('12 days after the due date — Firm reminder is over position 2 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('12 days after the due date — Firm reminder is over position 1 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('12 days after the due date — Firm reminder dropped at position 1 of 3.')).toBeAttached();
    await expect.poll(() => stepTexts(page, ONE_MISSED)).toEqual([FIRM, NUDGE, CHECKING_IN]);

    // The Move buttons, by keyboard: focus stays on the button that was pressed.
    const moveDown = page.getByRole('button', { name: 'Move down: 12 days after the due date — Firm reminder' });
    await moveDown.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => stepTexts(page, ONE_MISSED)).toEqual([NUDGE, FIRM, CHECKING_IN]);
    await expect(moveDown).toBeFocused();
    await expect(page.getByText('12 days after the due date — Firm reminder moved to position 2 of 3.')).toBeAttached();
    await expect(page.getByText(/Emails go out in order of their day/)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Gentle chasing' })).toBeVisible();
    await expect.poll(() => stepTexts(page, ONE_MISSED)).toEqual([NUDGE, FIRM, CHECKING_IN]);
    await expect(page.getByRole('link', { name: /^Gentle chasing/ })).toContainText('3 steps · 2 customers follow it');

    // The preview: the emails go to the primary contact and read as written.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('combobox', { name: 'Customer' }).fill('Preview Part');
    await page.getByRole('option', { name: /^Preview Partners Ltd/ }).click();
    const emails = preview.getByRole('list', { name: 'Emails to Preview Partners Ltd' });
    await expect(emails.getByRole('listitem')).toHaveCount(3);
    await expect(emails.getByRole('button', { name: /^Read email/ })).toHaveText(['Read email', 'Read email', 'Read email']);
    const first = emails.getByRole('listitem').first();
    await expect(first).toContainText('Gentle nudge');
    await expect(first).toContainText('To: ap@preview-partners.example');
    await expect(first).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}/);
    // By their day, whatever the list's order: the order only settles steps of the same day.
    await expect(emails.getByRole('listitem').nth(1)).toContainText('Checking in');
    await expect(emails.getByRole('listitem').nth(2)).toContainText('Firm reminder');

    await emails.getByRole('button', { name: /^Read email: Gentle nudge/ }).click();
    const reader = page.getByRole('dialog', { name: 'Gentle nudge: £1,234.50 for Preview Partners Ltd' });
    await expect(reader).toBeVisible();
    const frame = reader.frameLocator('iframe[title^="Email:"]');
    await expect(frame.getByText('Our records show £1,234.50 overdue for Preview Partners Ltd.')).toBeVisible();
    await expect(reader.locator('iframe')).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    await reader.getByRole('button', { name: 'Plain text' }).click();
    await expect(reader.getByLabel('Plain-text part')).toContainText('Our records show £1,234.50 overdue for Preview Partners Ltd.');
    await reader.getByRole('button', { name: 'Close' }).click();
    await expect(reader).toBeHidden();

    // A copy to move the customers to, then delete the original.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate workflow' });
    await expect(duplicate.getByLabel('Name')).toHaveValue('Copy of Gentle chasing');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Copy of Gentle chasing' })).toBeVisible();
    await expect.poll(() => stepTexts(page, ONE_MISSED)).toEqual([NUDGE, FIRM, CHECKING_IN]);

    await page.getByRole('link', { name: /^Gentle chasing/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Gentle chasing' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Gentle chasing”?' });
    await expect(confirm).toContainText('2 customers follow this workflow');
    await confirm.getByRole('combobox', { name: 'Move its customers to' }).click();
    await page.getByRole('option', { name: 'Copy of Gentle chasing' }).click();
    await confirm.getByRole('button', { name: 'Delete workflow' }).click();
    await expect(confirm).toBeHidden();

    await expect(page.getByRole('heading', { level: 2, name: 'Standard chasing' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('workflow_id')).toBeNull();
    await expect(page.getByRole('link', { name: /^Gentle chasing/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Copy of Gentle chasing/ })).toContainText('3 steps · 2 customers follow it');
  });
});
