import { randomUUID } from 'node:crypto';

import type { Locator, Page } from '@playwright/test';
import { startSmtpSink } from '@receivables/server/testing';

import { expectNoAxeViolations } from '../support/axe';
import { routeRepliesTo, seedDebtor, seedDeliveredEmail } from '../support/data';
import { expect, test } from '../support/fixtures';
import { makeInboundSecret, postInbound, rawEmail } from '../support/inbound';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';
import { mailHeader, sendMailThrough } from '../support/mail';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';

const REMINDER = 'Your account with Journeys Receivables is overdue';
const REPLY = `RE: ${REMINDER}`;
const DISPUTE = ['Hello,', '', 'We dispute invoice INV-1 — the goods never arrived.', '', 'Priya Natarajan', 'Northwind Traders', '', '> Our records show £1,234.50 overdue.'];

/** A debtor with a reminder we sent, answerable by its Message-ID. */
async function seedRemindedDebtor(orgId: string, name: string, email: string) {
  const customerId = await seedDebtor(orgId, { name, currency: 'GBP', overdue: [[123_450, 20]], email });
  const messageId = `<${randomUUID()}@mail.journeys-receivables.example>`;
  const eventId = await seedDeliveredEmail(orgId, customerId, { subject: REMINDER, to: email, hoursAgo: 26, messageId, smtpResponse: '250 2.0.0 OK queued' });
  await routeRepliesTo(orgId, { eventId, messageId });
  return { customerId, eventId, messageId };
}

/** Northwind's reminder and Priya's reply disputing it, through the webhook as a forwarding service sends it. */
async function receiveDispute(page: Page, orgId: string, secret: string) {
  const sent = await seedRemindedDebtor(orgId, 'Northwind Traders', 'priya@northwind.example');
  const raw = rawEmail({
    from: 'Priya Natarajan <priya@northwind.example>',
    subject: REPLY,
    inReplyTo: sent.messageId,
    text: DISPUTE,
    attachment: { filename: 'delivery-note.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n% a delivery note\n') },
  });
  const received = await postInbound(page.request, secret, raw);
  expect(received).toMatchObject({ status: 'stored', kind: 'reply', customer_id: sent.customerId, paused: true });
  if (!received.event_id) throw new Error('the reply made no event');
  return { ...sent, replyId: received.event_id };
}

/** Presses Tab until `target` has the focus: it is reached by the keyboard, in at most `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached in ${limit} presses of Tab`).toBeFocused({ timeout: 1 });
}

const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });

test.describe('Replies', () => {
  test('a reply lands in the inbox unread, threaded under the reminder it answers, pauses the customer saying why, and its suggestion, taken in one click, is on the timeline', async ({ page, account }) => {
    test.setTimeout(120_000);
    const secret = await makeInboundSecret(page.request);
    const { customerId, eventId, replyId } = await receiveDispute(page, account.org.id, secret);

    await page.goto('/emails/?tab=inbox');
    await expect(menuLink(page, 'Activity (1 unread reply)')).toBeVisible();
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
    test.setTimeout(180_000);
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    const sink = await startSmtpSink();
    try {
      await sendMailThrough(page.request, sink, { sending: false });
      const secret = await makeInboundSecret(page.request);
      const sent = await seedRemindedDebtor(account.org.id, 'Northwind Traders', 'priya@northwind.example');
      const asking = rawEmail({
        from: 'Priya Natarajan <priya@northwind.example>',
        subject: REPLY,
        inReplyTo: sent.messageId,
        text: ['Hello,', '', 'Could you send me a copy of the invoice? I cannot find it anywhere.', '', 'Priya'],
      });
      const received = await postInbound(page.request, secret, asking);
      if (!received.event_id) throw new Error('the request made no event');

      await page.goto(`/emails/${received.event_id}`);
      const triage = page.getByRole('region', { name: 'Suggested next step' });
      await expect(triage).toContainText('Asks for a copy');
      const dialog = page.getByRole('dialog', { name: 'Send the invoice copy?' });
      // What will go, looked at in each scheme and width before it is sent.
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [1280, PHONE_WIDTH]) {
          await setWidth(page, width);
          await triage.getByRole('button', { name: 'Send the invoice copy' }).click();
          await expect(dialog.getByRole('group', { name: 'The copy' })).toContainText('Priya Natarajan <priya@northwind.example>');
          await expect(dialog).toContainText('1 open invoice, £1,234.50 in all');
          await expect(dialog.getByRole('button', { name: 'Send the copy' })).toBeEnabled();
          await dialogShown(page);
          await saveScreenshot(page, `replies-send-copy-${width}-${scheme}`, { fullPage: false });
          if (width === 1280) await expectNoAxeViolations(page, 'send the copy', scheme);
          await page.keyboard.press('Escape');
          await expect(dialog).toHaveCount(0);
        }
      }

      await triage.getByRole('button', { name: 'Send the invoice copy' }).click();
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
      await expect(conversation.getByRole('link', { name: REPLY, exact: true })).toHaveAttribute('href', `/emails/${received.event_id}`);
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


/** A dialog faded in whole, so its screenshot is not a half-drawn frame. */
const dialogShown = (page: Page) => expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');


/** What the screenshots show: a disputed reply (opened), an out-of-office (opened), a promise (left unread) and a message nobody matched. */
async function seedInbox(page: Page, orgId: string) {
  const secret = await makeInboundSecret(page.request);
  const dispute = await receiveDispute(page, orgId, secret);
  const globex = await seedRemindedDebtor(orgId, 'Globex Corporation International Holdings', 'sam.okafor@globex.example');
  const outOfOffice = await postInbound(
    page.request,
    secret,
    rawEmail({
      from: 'Sam Okafor <sam.okafor@globex.example>',
      subject: `Automatic reply: ${REMINDER}`,
      inReplyTo: globex.messageId,
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: ['Thank you for your email.', '', 'I am out of the office until Friday 4 December with limited access to email.', 'For anything urgent please contact Jane Doe <jane.doe@globex.example>.', '', 'Sam'],
    }),
  );
  const initech = await seedRemindedDebtor(orgId, 'Initech', 'bill@initech.example');
  await postInbound(
    page.request,
    secret,
    rawEmail({ from: 'Bill Lumbergh <bill@initech.example>', subject: `Re: ${REMINDER}`, inReplyTo: initech.messageId, text: ['Hi,', '', 'We will pay the balance by the end of next month.', '', 'Bill'] }),
  );
  const unassigned = await postInbound(
    page.request,
    secret,
    rawEmail({
      from: 'Accounts Payable <ap@unknown-supplier.example>',
      subject: 'Remittance advice for payment run 2026-47',
      text: ['Please find our remittance advice for this week’s payment run.', 'Regards, Accounts Payable'],
    }),
  );
  expect(unassigned).toMatchObject({ status: 'stored', customer_id: null });
  if (!outOfOffice.event_id) throw new Error('the out-of-office made no event');
  return { replyId: dispute.replyId, outOfOfficeId: outOfOffice.event_id };
}

// One test per scheme: each is ten screenshots and five axe runs, and a slow machine should not fit both into one timeout.
for (const scheme of SCHEMES) {
  test(`the inbox, the unassigned, a reply and an out-of-office: 1280 and 390 wide, ${scheme}`, async ({ page, account, consoleGuard }) => {
    test.setTimeout(240_000);
    consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
    const { replyId, outOfOfficeId } = await seedInbox(page, account.org.id);
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await page.goto('/emails/?tab=inbox');
      await expect(page.getByRole('table', { name: 'Emails' }).locator('tbody tr')).toHaveCount(3);
      await settle(page, 'inbox', scheme, width);
      await saveScreenshot(page, `replies-inbox-${width}-${scheme}`);
      if (width === 1280) await expectNoAxeViolations(page, 'inbox', scheme);

      await page.getByRole('button', { name: 'Unassigned (1)' }).click();
      const unassigned = page.getByRole('list', { name: 'Unassigned emails' });
      await expect(unassigned).toContainText('Remittance advice for payment run 2026-47');
      // Opened in full: until its opening ends, the panel keeps the height it measured when it began (the skeleton's).
      await expect(page.getByRole('region', { name: 'Unassigned' }).locator('.MuiCollapse-entered')).toHaveCount(1);
      await settle(page, 'unassigned', scheme, width);
      await saveScreenshot(page, `replies-unassigned-${width}-${scheme}`);
      if (width === 1280) await expectNoAxeViolations(page, 'unassigned', scheme);

      await unassigned.getByRole('button', { name: /^Attach to customer/ }).click();
      const attach = page.getByRole('dialog', { name: 'Attach to a customer' });
      await expect(attach).toBeVisible();
      await attach.getByRole('combobox', { name: 'Customer' }).fill('Init');
      // The search is the server's, once typing pauses.
      await expect(page.getByRole('option')).toHaveCount(1);
      await expect(page.getByRole('option', { name: /Initech/ })).toBeVisible();
      await dialogShown(page);
      await saveScreenshot(page, `replies-attach-${width}-${scheme}`, { fullPage: false });
      if (width === 1280) await expectNoAxeViolations(page, 'attach dialog', scheme);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(attach).toHaveCount(0);

      await page.goto(`/emails/${replyId}`);
      await expect(page.getByRole('region', { name: 'Suggested next step' })).toContainText('Disputes the debt');
      await settle(page, 'reply', scheme, width);
      await saveScreenshot(page, `replies-reply-${width}-${scheme}`);
      if (width === 1280) await expectNoAxeViolations(page, 'reply', scheme);

      await page.getByRole('button', { name: 'Mark disputed and pause' }).click();
      await expect(page.getByRole('dialog', { name: 'Mark disputed and pause?' })).toBeVisible();
      await dialogShown(page);
      await saveScreenshot(page, `replies-confirm-${width}-${scheme}`, { fullPage: false });
      if (width === 1280) await expectNoAxeViolations(page, 'triage confirmation', scheme);
      await page.keyboard.press('Escape');

      await page.goto(`/emails/${outOfOfficeId}`);
      await expect(page.getByText('Out of office')).toBeVisible();
      await settle(page, 'out of office', scheme, width);
      await saveScreenshot(page, `replies-out-of-office-${width}-${scheme}`);
      if (width === 1280) await expectNoAxeViolations(page, 'out of office', scheme);
    }
  });
}
