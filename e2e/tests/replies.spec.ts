import type { Locator, Page } from '@playwright/test';
import { startSmtpSink } from '@receivables/server/testing';

import { expect, test } from '../support/fixtures';
import { makeInboundSecret, postInbound, rawEmail } from '../support/inbound';
import { mailHeader, sendMailThrough } from '../support/mail';
import { receiveCopyRequest, receiveDispute, REMINDER, REPLY, seedRemindedDebtor } from '../support/replies';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';

/** Presses Tab until `target` has the focus: it is reached by the keyboard, in at most `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached in ${limit} presses of Tab`).toBeFocused({ timeout: 1 });
}

const menuLink = (page: Page, name: string | RegExp) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });

test.describe('Replies', () => {
  test('a reply lands in the inbox unread, threaded under the reminder it answers, pauses the customer saying why, and its suggestion, taken in one click, is on the timeline', async ({ page, account }) => {
    test.setTimeout(120_000);
    const secret = await makeInboundSecret(page.request);
    const { customerId, eventId, replyId } = await receiveDispute(page, account.org.id, secret);

    await page.goto('/emails/?tab=inbox');
    // Chrome names it "Activity , 1 unread reply": the hidden comma is its own box (decision 0046).
    await expect(menuLink(page, /^Activity ?, 1 unread reply$/)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Inbox (1 unread reply)' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('table', { name: 'Emails' }).locator('tbody tr').filter({ hasText: REPLY });
    await expect(row).toContainText('Unread');
    await expect(row).toContainText('Northwind Traders');
    await expect(row).toContainText('Priya Natarajan');
    await expect(row).toContainText('priya@northwind.example');
    await expect(row).toContainText('Reply');
    await row.click();

    // The reply, as they wrote it, under the reminder it answers.
    await expect(page).toHaveURL(new RegExp(`/emails/${replyId}$`));
    await expect(page.getByRole('heading', { level: 1, name: REPLY })).toBeVisible();
    const reply = page.getByRole('region', { name: 'The reply' });
    await expect(reply).toContainText('We dispute invoice INV-1 — the goods never arrived.');
    await expect(reply).not.toContainText('Our records show');
    await expect(reply).toContainText('By the email it answers');
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByRole('link', { name: REMINDER, exact: true })).toHaveAttribute('href', `/emails/${eventId}`);
    await expect(conversation.getByRole('link', { name: REPLY })).toHaveAttribute('aria-current', 'page');
    // Opened is read: the menu's count goes.
    await expect(menuLink(page, 'Activity')).toBeVisible();

    // Its file, downloaded as it came.
    const download = page.waitForEvent('download');
    await reply.getByRole('button', { name: 'Download delivery-note.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('delivery-note.pdf');

    // Chasing stopped when the reply came, and the customer's page says why, in its header and on its timeline.
    await page.getByRole('link', { name: 'View customer' }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${customerId}$`));
    // The header's standing line: "Paused indefinitely · One missed invoice underneath".
    await expect(page.getByText(/^Paused indefinitely · /)).toBeVisible();
    // Exactly the header's words (PAUSE_REASON_LABELS.reply), with the email that paused it.
    await expect(page.getByText('The customer replied', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the email' })).toHaveAttribute('href', `/emails/${replyId}`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Paused — the customer replied');
    await expect(timeline).not.toContainText('Marked disputed');

    // The suggestion, taken: one click and a confirmation.
    await page.getByRole('link', { name: 'Read the email' }).click();
    const triage = page.getByRole('region', { name: 'Suggested next step' });
    await expect(triage).toContainText('Disputes the debt');
    await expect(triage).toContainText('Suggested because the reply says');
    await triage.getByRole('button', { name: 'Mark disputed and pause' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark disputed and pause?' });
    await expect(dialog).toContainText('chasing pauses until someone resumes it');
    await dialog.getByRole('button', { name: 'Mark disputed' }).click();
    await expect(triage).toContainText(new RegExp(`^Suggested next step.*Marked disputed by ${account.name} on \\d{1,2} \\w+ \\d{4}\\.$`));
    await expect(triage.getByRole('button')).toHaveCount(0);

    // On the customer's timeline, and the pause's reason is now the dispute.
    await page.getByRole('link', { name: 'View customer' }).click();
    await expect(timeline).toContainText('Marked disputed');
    await expect(page.getByText('Disputes the debt', { exact: true })).toBeVisible();
  });

  test('a request for a copy is answered with the open invoices: shown before it goes, sent once, in the conversation', async ({ page, account, consoleGuard }) => {
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    const sink = await startSmtpSink();
    try {
      await sendMailThrough(page.request, sink, { sending: false });
      const secret = await makeInboundSecret(page.request);
      const sent = await seedRemindedDebtor(account.org.id, 'Northwind Traders', 'priya@northwind.example');
      const requestId = await receiveCopyRequest(page, secret, sent.messageId);

      await page.goto(`/emails/${requestId}`);
      const triage = page.getByRole('region', { name: 'Suggested next step' });
      await expect(triage).toContainText('Asks for a copy');
      // What will go is shown first (and looked at in each scheme and width in tour.spec.ts).
      await triage.getByRole('button', { name: 'Send the invoice copy' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send the invoice copy?' });
      await expect(dialog.getByRole('group', { name: 'The copy' })).toContainText('Priya Natarajan <priya@northwind.example>');
      await expect(dialog).toContainText('1 open invoice, £1,234.50 in all');
      await dialog.getByRole('button', { name: 'Send the copy' }).click();
      await expect(triage).toContainText(`Invoice copy sent by ${account.name}`);
      const toPriya = () => sink.messages.filter((mail) => mail.to.includes('priya@northwind.example'));
      await expect.poll(() => toPriya().length).toBe(1);
      const [copy] = toPriya();
      if (!copy) throw new Error('the copy did not arrive');
      expect(mailHeader(copy, 'Subject')).toBe(`Re: ${REMINDER}`);
      expect(mailHeader(copy, 'In-Reply-To')).toMatch(/^<[^>]+>$/);

      // The copy is an email of its own, in the conversation after the request.
      await triage.getByRole('link', { name: 'Read the copy' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Re: ${REMINDER}` })).toBeVisible();
      await expect(page.frameLocator(`iframe[title="Email: Re: ${REMINDER}"]`).locator('body')).toContainText('here is your open invoice with Journeys Receivables: £1,234.50 in all');
      const conversation = page.getByRole('region', { name: 'Conversation' });
      await expect(conversation.getByRole('link')).toHaveCount(3);
      await expect(conversation.getByRole('link', { name: REPLY, exact: true })).toHaveAttribute('href', `/emails/${requestId}`);
    } finally {
      await sink.close();
    }
  });

  test('by keyboard alone: a reply opens from its row with Enter, its suggestion is taken and confirmed, and an unassigned email is attached', async ({ page, account }) => {
    test.setTimeout(120_000);
    const secret = await makeInboundSecret(page.request);
    const { replyId } = await receiveDispute(page, account.org.id, secret);
    await postInbound(page.request, secret, rawEmail({ from: 'Accounts Payable <ap@unknown-supplier.example>', subject: 'Remittance advice', text: ['Please find our remittance advice.'] }));

    await page.goto('/emails/?tab=inbox');
    const row = page.getByRole('table', { name: 'Emails' }).locator('tbody tr').filter({ hasText: REPLY });
    await expect(row).toContainText('Unread');
    await tabTo(page, row);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/emails/${replyId}$`));

    const triage = page.getByRole('region', { name: 'Suggested next step' });
    await tabTo(page, triage.getByRole('button', { name: 'Mark disputed and pause' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark disputed and pause?' });
    await tabTo(page, dialog.getByRole('button', { name: 'Mark disputed' }));
    await page.keyboard.press('Enter');
    const outcome = triage.getByRole('status');
    await expect(outcome).toContainText(`Marked disputed by ${account.name}`);
    await expect(dialog).toHaveCount(0);
    // The buttons used are gone: focus is on what was done, not back at the top of the page.
    await expect(outcome).toBeFocused();

    await page.goto('/emails/?tab=inbox');
    await tabTo(page, page.getByRole('button', { name: 'Unassigned (1)' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('list', { name: 'Unassigned emails' }).getByRole('button', { name: /^Attach to customer/ }));
    await page.keyboard.press('Enter');
    const attach = page.getByRole('dialog', { name: 'Attach to a customer' });
    const picker = attach.getByRole('combobox', { name: 'Customer' });
    await tabTo(page, picker);
    await page.keyboard.type('North');
    await expect(page.getByRole('option', { name: /Northwind Traders/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveValue('Northwind Traders');
    await tabTo(page, attach.getByRole('button', { name: 'Attach' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Attached to Northwind Traders: the email is on their Activity now')).toBeVisible();
    await expect(attach).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Unassigned/ })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Emails' }).locator('tbody tr').filter({ hasText: 'Remittance advice' })).toContainText('Northwind Traders');
  });
});

