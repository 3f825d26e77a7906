import { startSmtpSink } from '@receivables/server/testing';

import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { makeInboundSecret, postInbound, rawEmail } from '../support/inbound';
import { PHONE_WIDTH, saveElementScreenshot, SCHEMES, setWidth, settle } from '../support/layout';
import { mailHeader, sendMailThrough } from '../support/mail';
import { receiveCopyRequest, REPLY, seedRemindedDebtor } from '../support/replies';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';

/** Decision 0044: a reply answered in one's own words, threaded; an unassigned one offered its customer. */
test.describe('Answering a reply', () => {
  for (const scheme of SCHEMES) {
    test.describe(scheme, () => {
      test.use({ colorScheme: scheme });

      test(`written on the reply's page, it reaches them threaded under their email and joins the conversation (390 px, ${scheme})`, async ({ page, account, consoleGuard }) => {
        test.setTimeout(120_000);
        consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
        const sink = await startSmtpSink();
        try {
          await sendMailThrough(page.request, sink, { sending: false });
          const secret = await makeInboundSecret(page.request);
          const sent = await seedRemindedDebtor(account.org.id, 'Northwind Traders', 'priya@northwind.example');
          const replyId = await receiveCopyRequest(page, secret, sent.messageId);

          await setWidth(page, PHONE_WIDTH);
          await page.goto(`/emails/${replyId}`);
          const card = page.getByRole('region', { name: 'Answer' });
          await expect(card).toContainText('To: Priya Natarajan <priya@northwind.example>');
          await expect(card.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Re: ${REPLY.replace(/^RE: /, '')}`);
          await card.getByRole('textbox', { name: /Your answer/ }).fill('Dear Priya,\n\nThe invoice is attached to our first email; I will send it again today.\n\nSam');
          await settle(page, 'the answer card', scheme, PHONE_WIDTH);
          await expectNoAxeViolations(page, 'the reply with its answer card', scheme);
          await saveElementScreenshot(card, `answer-card-${PHONE_WIDTH}-${scheme}`);

          await card.getByRole('textbox', { name: /Your answer/ }).press('Control+Enter');
          await expect(card).toContainText('Your answer was sent to Priya Natarajan.');
          await expect.poll(() => sink.messages.filter((m) => m.to.includes('priya@northwind.example')).length).toBe(1);
          const [mail] = sink.messages.filter((m) => m.to.includes('priya@northwind.example'));
          if (!mail) throw new Error('the answer did not arrive');
          expect(mailHeader(mail, 'In-Reply-To')).toMatch(/^<[^>]+>$/);
          expect(mailHeader(mail, 'References')?.split(/\s+/)[0]).toBe(sent.messageId);
          expect(mail.raw).toContain('I will send it again today.');

          const conversation = page.getByRole('region', { name: 'Conversation' });
          await expect(conversation.getByRole('link')).toHaveCount(3);
          await settle(page, 'the reply once answered', scheme, PHONE_WIDTH);
          await saveElementScreenshot(card, `answer-card-sent-${PHONE_WIDTH}-${scheme}`);
          await card.getByRole('link', { name: 'Open the answer' }).click();
          await expect(page.getByRole('heading', { level: 1, name: /^Re: / })).toBeVisible();
        } finally {
          await sink.close();
        }
      });

      test(`an unassigned email from a customer's domain is offered that customer and assigned in one click (390 px, ${scheme})`, async ({ page, account }) => {
        const secret = await makeInboundSecret(page.request);
        await seedRemindedDebtor(account.org.id, 'Northwind Traders', 'priya@northwind.example');
        await postInbound(page.request, secret, rawEmail({ from: 'Sam Lee <sam.lee@northwind.example>', subject: 'Remittance advice', text: ['Please find our remittance advice.'] }));

        await setWidth(page, PHONE_WIDTH);
        await page.goto('/emails/?tab=inbox');
        await page.getByRole('button', { name: 'Unassigned (1)' }).click();
        const item = page.getByRole('list', { name: 'Unassigned emails' }).getByRole('listitem');
        await expect(item).toContainText('Looks like Northwind Traders (same domain as priya@northwind.example)');
        await settle(page, 'the unassigned inbox', scheme, PHONE_WIDTH);
        await expectNoAxeViolations(page, 'the unassigned inbox with a suggestion', scheme);
        await saveElementScreenshot(item, `unassigned-suggestion-${PHONE_WIDTH}-${scheme}`);
        await item.getByRole('button', { name: 'Assign “Remittance advice” to Northwind Traders' }).click();
        await expect(page.getByText('Attached to Northwind Traders: the email is on their Activity now')).toBeVisible();
        await expect(page.getByRole('button', { name: /^Unassigned/ })).toHaveCount(0);
        await expect(page.getByRole('table', { name: 'Emails' }).locator('tbody tr').filter({ hasText: 'Remittance advice' })).toContainText('Northwind Traders');
      });
    });
  }
});
