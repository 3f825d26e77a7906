import { DEFAULT_TIME_ZONE, type EmailTemplateListResponse, organisationToday, type WorkflowListResponse } from '@receivables/contracts';
import { startSmtpSink } from '@receivables/server/testing';

import { apiGet } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { seedCustomers, seedPlannedEmail, waitForSchedulerPass } from '../support/data';
import { expect, test } from '../support/fixtures';
import { postToInboundWebhook, rawReply } from '../support/inbound-webhook';
import { expectNoSidewaysScroll, PHONE_WIDTH, saveElementScreenshot, saveScreenshot, SCHEMES, setWidth } from '../support/layout';

test.describe('Settings → Email', () => {
  test('sets the sender, is refused sending without a server, tests and saves one, switches to sending on confirmation, publishes a DKIM key, and sets up replies', async ({
    page,
    account,
  }) => {
    // A long journey (two forms, a test, four dialogs, a key, a secret twice, sixteen screenshots, axe): 180 s.
    test.setTimeout(180_000);
    // A real SMTP server on loopback for "Test connection", as the server's own tests use.
    const sink = await startSmtpSink({ banner: 'e2e relay ready' });
    try {
      // Two planned emails due within a day, one later: the confirmation counts the two.
      const templates = await apiGet<EmailTemplateListResponse>(page.request, '/api/emails/');
      const standard = (await apiGet<WorkflowListResponse>(page.request, '/api/workflows/')).rows.find((w) => w.is_default);
      const step = standard?.actions[0];
      const template = templates.rows[0];
      if (!standard || !step || !template) throw new Error('the new organisation has no starter workflow');
      // A pass would supersede them (the customer owes nothing): the worker's start-up one goes first.
      await waitForSchedulerPass();
      const [customer = ''] = await seedCustomers(account.org.id, ['Harbour Lane Bakery']);
      const plan = { emailId: template.id, workflowId: standard.id, workflowActionId: step.id, subject: 'Reminder', to: 'ap@harbour.example' };
      for (const inHours of [2, 20, 40]) await seedPlannedEmail(account.org.id, customer, { ...plan, inHours });

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Email' }).click();
      await expect(page).toHaveURL(/\/settings\/email$/);
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
      // The next day any go, and how many that day, in the organisation's days (decision 0046).
      const days = [2, 20, 40].map((h) => organisationToday(DEFAULT_TIME_ZONE, new Date(Date.now() + h * 3_600_000)));
      const nextDay = days[0] ?? '';
      const n = days.filter((d) => d === nextDay).length;
      const when = nextDay === organisationToday(DEFAULT_TIME_ZONE) ? 'today' : 'tomorrow';
      await expect(confirm).toContainText(`${n} ${n === 1 ? 'email goes' : 'emails go'} out ${when}.`);
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

      // Replies: pausing on reply is on by default, and saved as soon as it is switched.
      const replies = page.getByRole('region', { name: 'Replies' });
      await expect(replies.getByText(/^Replies will not reach the app until a reply-to domain is set/)).toBeVisible();
      const pauseOnReply = replies.getByRole('switch', { name: 'Pause chasing when a customer replies' });
      await expect(pauseOnReply).toBeChecked();
      // A click, then the state as the user sees it: `uncheck()` judges the state the instant after its click.
      await pauseOnReply.click();
      await expect(pauseOnReply).not.toBeChecked();
      await expect(page.getByText('Replies no longer pause chasing')).toBeVisible();
      await expect(pauseOnReply).toBeEnabled();

      // The webhook's secret, shown once; the one shown is the one the webhook takes.
      await expect(replies.getByText('No secret yet: the webhook refuses every message until you create one.')).toBeVisible();
      const webhookUrl = (await replies.getByLabel('Webhook URL', { exact: true }).textContent()) ?? '';
      expect(webhookUrl).toMatch(/^http:\/\/localhost:\d+\/api\/inbound\/email$/);
      // The toasts go first: their colours are the app's own (see the report), not this dialog's.
      await expect(page.locator('.notistack-Snackbar')).toHaveCount(0, { timeout: 10_000 });
      await replies.getByRole('button', { name: 'Create secret' }).click();
      const shown = page.getByRole('dialog', { name: 'Your new webhook secret' });
      await expect(shown.getByRole('alert')).toContainText('It will not be shown again.');
      const first = (await shown.getByLabel('Secret', { exact: true }).textContent()) ?? '';
      expect(first).toMatch(/^inb_[A-Za-z0-9_-]{40,}$/);
      // Faded in, not half-way.
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      await saveScreenshot(page, 'settings-email-new-secret-1280-light', { fullPage: false });
      expect(await seriousAxeViolations(page), 'the new secret dialog').toEqual([]);
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toHaveCount(0);
      await expect(page.getByText(first)).toHaveCount(0);
      await expect(replies.getByText(/^A secret was created on /)).toBeVisible();
      const reply = rawReply({ from: 'someone@elsewhere.example', to: 'accounts@harbour-lane.example', subject: 'Re: Reminder', text: 'Who is this?' });
      expect((await postToInboundWebhook(page.request, webhookUrl, 'inb_not-the-secret', reply)).status()).toBe(401);
      expect((await postToInboundWebhook(page.request, webhookUrl, first, reply)).status()).toBe(202);

      // Replacing it asks first: the old one stops working at once.
      await replies.getByRole('button', { name: 'Replace secret' }).click();
      const confirmReplace = page.getByRole('dialog', { name: 'Replace the webhook secret?' });
      await expect(confirmReplace).toContainText('The old secret stops working at once');
      await confirmReplace.getByRole('button', { name: 'Replace secret' }).click();
      const second = (await shown.getByLabel('Secret', { exact: true }).textContent()) ?? '';
      expect(second).toMatch(/^inb_/);
      expect(second).not.toBe(first);
      await page.keyboard.press('Escape');
      await expect(shown).toHaveCount(0);
      expect((await postToInboundWebhook(page.request, webhookUrl, first, reply)).status()).toBe(401);
      expect((await postToInboundWebhook(page.request, webhookUrl, second, reply)).status()).toBe(202);

      await page.reload();
      await expect(page.getByRole('radio', { name: 'Sending' })).toBeChecked();
      await expect(page.getByLabel('Record name', { exact: true })).toHaveText('rcv2026._domainkey.harbour-lane.example');
      await expect(pauseOnReply).not.toBeChecked();
      await expect(replies.getByText(/^A secret was created on /)).toBeVisible();
      await expect(page.getByText(second)).toHaveCount(0);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [1280, PHONE_WIDTH]) {
          await setWidth(page, width);
          await expectNoSidewaysScroll(page, `Settings → Email at ${width} px`);
          await saveScreenshot(page, `settings-email-${width}-${scheme}`);
          await saveElementScreenshot(replies, `settings-email-replies-${width}-${scheme}`);
          if (width === 1280) expect(await seriousAxeViolations(page), `Settings → Email (${scheme})`).toEqual([]);
        }
      }
    } finally {
      await sink.close();
    }
  });
});
