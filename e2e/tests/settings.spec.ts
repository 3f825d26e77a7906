import { seedDebtor } from '../support/data';
import { expect, test } from '../support/fixtures';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';

test.describe('Settings', () => {
  test('changes when reminders go out; a window ending before it starts is refused next to the field', async ({ page, account: _account }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/chasing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Chasing' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Email' })).toBeVisible();

    // The zone and the holidays are the organisation's, changed in Settings → Organisation (decision 0028).
    // A new organisation in London skips England's bank holidays from the start (decision 0046).
    await expect(page.getByText(/Times are in Europe\/London\. Public holidays in United Kingdom — England are skipped\./)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change them in Settings → Organisation' })).toHaveAttribute('href', '/settings/organisation');
    await page.getByLabel('Send window starts').fill('09:00');
    await page.getByLabel('Send window ends').fill('08:00');
    await page.getByRole('button', { name: 'Save chasing settings' }).click();
    const end = page.getByLabel('Send window ends');
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expect(end).toHaveAccessibleDescription('Must be after the start of the window');

    await end.fill('17:30');
    await page.getByRole('button', { name: 'Mon', exact: true }).click();
    await page.getByRole('button', { name: 'Sat', exact: true }).click();
    await page.getByLabel('Weekly cap').fill('3');
    await page.getByRole('button', { name: 'Save chasing settings' }).click();
    await expect(page.getByText('Chasing settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Send window ends')).toHaveValue('17:30');
    await expect(page.getByRole('button', { name: 'Mon', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Sat', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Weekly cap')).toHaveValue('3');
  });

  test('generates a template, edits it with a live preview, and refuses what cannot be sent', async ({ page, account, consoleGuard }) => {
    // The browser logs each refused request (the preview's 400, the save's 400, the delete's 409).
    consoleGuard.expectConsoleErrors(/Failed to load resource: the server responded with a status of (400|409)/);
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    await seedDebtor(account.org.id, { name: 'Harbour Lane Bakery', currency: 'GBP', overdue: [[123_450, 20]], email: 'ledger@harbour.example' });
    // The form links took before each section had its own path, still in sent emails and bookmarks.
    await page.goto('/settings?section=templates');
    await expect(page).toHaveURL(/\/settings\/templates$/);
    const table = page.getByRole('table', { name: 'Email templates' });
    await expect(table.getByRole('row', { name: /Friendly reminder/ })).toContainText('Used by 1 step');

    await page.getByRole('button', { name: 'Generate' }).click();
    const generator = page.getByRole('dialog', { name: 'Generate a template' });
    await generator.getByRole('radio', { name: 'Firm' }).check();
    await generator.getByRole('radio', { name: 'Reminder', exact: true }).check();
    await generator.getByRole('button', { name: 'Generate' }).click();

    const editor = page.getByRole('dialog', { name: 'New template' });
    await expect(editor.getByRole('textbox', { name: 'Name' })).toHaveValue('Firm reminder');
    await editor.getByRole('textbox', { name: 'Name' }).fill('Firm reminder, our words');
    await expect(editor.getByRole('textbox', { name: 'Subject' })).not.toHaveValue('');

    // The preview renders for the only customer, in a sandboxed frame.
    await expect(editor.getByRole('combobox', { name: 'Preview for customer' })).toHaveValue('Harbour Lane Bakery');
    const frame = editor.frameLocator('iframe[title="Email to Harbour Lane Bakery"]');
    await expect(frame.getByText('£1,234.50').first()).toBeVisible();
    await expect(editor.locator('iframe')).toHaveAttribute('sandbox', '');
    await expect(editor.getByText('ledger@harbour.example')).toBeVisible();

    // Insert a merge field at the caret of the subject, then see it filled in.
    await editor.getByRole('textbox', { name: 'Subject' }).fill('Overdue: ');
    await editor.getByRole('textbox', { name: 'Subject' }).press('End');
    await editor.getByRole('button', { name: 'Insert Customer name' }).click();
    await expect(editor.getByRole('textbox', { name: 'Subject' })).toHaveValue('Overdue: {{ customer_name }}');
    await expect(editor.getByTestId('preview-subject')).toHaveText('Overdue: Harbour Lane Bakery');
    await editor.getByRole('button', { name: 'Plain text' }).click();
    await expect(editor.getByRole('region', { name: 'Plain text of the email to Harbour Lane Bakery' })).toContainText('1,234.50');
    await editor.getByRole('button', { name: 'Email', exact: true }).click();

    // An unknown merge field: the preview names the line, the text stays as typed, saving is refused.
    const typo = '<p>Dear {{ contact_name }},</p>\n<p>Please pay {{ amount_overdu }}.</p>\n{{ invoice_table }}';
    await editor.getByRole('textbox', { name: 'Body' }).fill(typo);
    await expect(editor.getByRole('alert')).toContainText('line 2: unknown merge field "amount_overdu"');
    await expect(editor.locator('iframe')).toHaveCount(0);
    await expect(editor.getByRole('textbox', { name: 'Body' })).toHaveValue(typo);
    await editor.getByRole('button', { name: 'Save template' }).click();
    await expect(editor.getByRole('textbox', { name: 'Body' })).toHaveAccessibleDescription(/line 2: unknown merge field "amount_overdu"/);

    await editor.getByRole('textbox', { name: 'Body' }).fill(typo.replace('amount_overdu', 'amount_overdue'));
    // The corrected email in the frame, and in its text part. The frame is asserted visible and the
    // document it is given (its srcdoc; a new document makes a new frame, email-frame.tsx) asserted
    // to hold the text: reading inside a sandboxed frame needs Playwright's helper in it, which
    // Chromium refuses there, and on a loaded machine the frames the preview replaces as it
    // re-renders can outrun a timeout. The first render above was read inside the frame.
    await expect(editor.locator('iframe')).toBeVisible();
    await expect(editor.locator('iframe')).toHaveAttribute('srcdoc', /Please pay £1,234\.50\./);
    await editor.getByRole('button', { name: 'Plain text' }).click();
    await expect(editor.getByRole('region', { name: 'Plain text of the email to Harbour Lane Bakery' })).toContainText('Please pay £1,234.50.');
    await editor.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText('Template “Firm reminder, our words” saved')).toBeVisible();
    await expect(table.getByRole('row', { name: /Firm reminder, our words/ })).toContainText('Not used');

    // A template a workflow sends cannot be deleted: the refusal names the workflow.
    await table.getByRole('button', { name: 'Delete Friendly reminder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Friendly reminder”?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toContainText('"Standard chasing"');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(table.getByRole('row', { name: /^Friendly reminder/ })).toBeVisible();

    // One nobody uses goes.
    await table.getByRole('button', { name: 'Delete Firm reminder, our words' }).click();
    await page.getByRole('dialog', { name: 'Delete “Firm reminder, our words”?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Template “Firm reminder, our words” deleted')).toBeVisible();
    await expect(table.getByRole('row', { name: /Firm reminder, our words/ })).toHaveCount(0);
  });
});
