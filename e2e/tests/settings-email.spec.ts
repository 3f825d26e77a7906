import type { EmailTemplateListResponse, WorkflowListResponse } from '@receivables/contracts';
import { startSmtpSink } from '@receivables/server/testing';

import { apiGet } from '../support/api';
import { seedCustomers, seedPlannedEmail } from '../support/data';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll, PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth } from '../support/layout';

test.describe('Settings → Email', () => {
  test('sets the sender, is refused sending without a server, tests and saves one, switches to sending on confirmation, and publishes a DKIM key', async ({
    page,
    account,
  }) => {
    // A long journey (two forms, a test, two dialogs, a key, eight screenshots): three times the usual time.
    test.slow();
    // A real SMTP server on loopback for "Test connection", as the server's own tests use.
    const sink = await startSmtpSink({ banner: 'e2e relay ready' });
    try {
      // Two planned emails due within a day, one later: the confirmation counts the two.
      const templates = await apiGet<EmailTemplateListResponse>(page.request, '/api/emails/');
      const standard = (await apiGet<WorkflowListResponse>(page.request, '/api/workflows/')).rows.find((w) => w.is_default);
      const step = standard?.actions[0];
      const template = templates.rows[0];
      if (!standard || !step || !template) throw new Error('the new organisation has no starter workflow');
      const [customer = ''] = await seedCustomers(account.org.id, ['Harbour Lane Bakery']);
      const plan = { emailId: template.id, workflowId: standard.id, workflowActionId: step.id, subject: 'Reminder', to: 'ap@harbour.example' };
      for (const inHours of [2, 20, 40]) await seedPlannedEmail(account.org.id, customer, { ...plan, inHours });

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Email' }).click();
      await expect(page).toHaveURL(/section=email/);
      await expect(page.getByRole('radio', { name: 'Dry run' })).toBeChecked();

      const sender = page.getByRole('form', { name: 'Sender' });
      await sender.getByRole('textbox', { name: 'From name' }).fill('Harbour Accounts');
      await sender.getByRole('textbox', { name: 'From address' }).fill('accounts@harbour-lane.example');
      await sender.getByRole('button', { name: 'Save sender' }).click();
      await expect(page.getByText('Sender saved')).toBeVisible();

      // No mail server yet: sending is refused, with the reason.
      await page.getByRole('radio', { name: 'Sending' }).check();
      await page.getByRole('button', { name: 'Switch to sending' }).click();
      const refused = page.getByRole('dialog', { name: 'Start sending reminders?' });
      await expect(refused.getByRole('alert')).toHaveText('Emails cannot be sent yet: set up a mail server first.');
      await refused.getByRole('button', { name: 'Close' }).click();

      const server = page.getByRole('form', { name: 'Mail server' });
      await server.getByRole('textbox', { name: 'Server' }).fill('127.0.0.1');
      await server.getByRole('combobox', { name: 'Security' }).click();
      await page.getByRole('option', { name: /None \(unencrypted/ }).click();
      await server.getByRole('spinbutton', { name: 'Port' }).fill(String(sink.port));
      await server.getByRole('button', { name: 'Test connection' }).click();
      const answer = server.getByRole('status');
      await expect(answer).toContainText('Connection works');
      await expect(answer.getByLabel('The server’s answer')).toContainText('e2e relay ready');
      await server.getByRole('button', { name: 'Save mail server' }).click();
      await expect(page.getByText('Mail server saved')).toBeVisible();
      await expect(page.getByText('Your own server')).toBeVisible();

      await page.getByRole('button', { name: 'Switch to sending' }).click();
      const confirm = page.getByRole('dialog', { name: 'Start sending reminders?' });
      await expect(confirm).toContainText('2 emails are due in the next 24 hours.');
      await confirm.getByRole('button', { name: 'Start sending' }).click();
      await expect(page.getByText('Sending is on: due reminders go out to your customers')).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Sending' })).toBeChecked();
      await expect(page.getByRole('button', { name: /^Switch to/ })).toHaveCount(0);

      const dkim = page.getByRole('form', { name: 'Generate a DKIM key' });
      await expect(dkim.getByRole('textbox', { name: 'Domain' })).toHaveValue('harbour-lane.example');
      await dkim.getByRole('textbox', { name: 'Selector' }).fill('rcv2026');
      await dkim.getByRole('button', { name: 'Generate key' }).click();
      await expect(page.getByLabel('Record name', { exact: true })).toHaveText('rcv2026._domainkey.harbour-lane.example');
      await expect(page.getByLabel('Record value', { exact: true })).toHaveText(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);

      await page.reload();
      await expect(page.getByRole('radio', { name: 'Sending' })).toBeChecked();
      await expect(page.getByLabel('Record name', { exact: true })).toHaveText('rcv2026._domainkey.harbour-lane.example');
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [1280, PHONE_WIDTH]) {
          await setWidth(page, width);
          await expectNoSidewaysScroll(page, `Settings → Email at ${width} px`);
          await saveScreenshot(page, `settings-email-${width}-${scheme}`);
        }
      }
    } finally {
      await sink.close();
    }
  });
});
