import { randomUUID } from 'node:crypto';

import type { Locator, Page } from '@playwright/test';
import type { InboundSecret } from '@receivables/contracts';

import { apiPost } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { isoDaysAgo, seedDebtor, seedEscalationContact, seedPaidInvoice, seedTag } from '../support/data';
import { expect, tableRows, test } from '../support/fixtures';
import { postToInboundWebhook, rawReply } from '../support/inbound-webhook';
import {
  DESKTOP_WIDTHS,
  expectNoSidewaysScroll,
  expectTableFits,
  PHONE_WIDTH,
  saveElementScreenshot,
  saveScreenshot,
  SCHEMES,
  setWidth,
} from '../support/layout';

const longDate = (date: Date | string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: typeof date === 'string' ? 'UTC' : undefined }).format(
    typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date,
  );

/** One of the header's figures ("Open balance", "Overdue"…) by its exact label. */
const figure = (header: Locator, label: string) =>
  header.locator('dl > div').filter({ has: header.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** The invoice table's rows as a person sees them: each visible cell's text (phone-only copies left out). */
async function invoiceRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('table', { name: 'Invoices' })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim())));
}

/** The timeline, newest first: what happened, and the line under it (when · who). */
async function timeline(page: Page): Promise<[string, string][]> {
  return page
    .getByRole('list', { name: 'Timeline' })
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => Array.from(li.querySelectorAll('p')).map((p) => p.textContent.trim()) as [string, string]));
}

test.describe('Customer page', () => {
  test('contacts, tags, pause and resume, invoices, payments and the timeline', async ({ page, account }) => {
    const name = 'Meridian Mills';
    const number = `INV-${randomUUID().slice(0, 6).toUpperCase()}`;
    const customerId = await seedDebtor(account.org.id, { name, currency: 'GBP', overdue: [[123_400, 30]] });
    await seedPaidInvoice(account.org.id, customerId, {
      number,
      currency: 'GBP',
      amountDue: 88_962,
      paid: 88_962,
      dueDaysAgo: 40,
      paidDaysAgo: 5,
      paymentUrl: 'https://pay.example.com/inv',
    });

    await page.goto(`/customers/${customerId}`);
    const header = page.getByRole('region', { name });
    await expect(header.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(header.getByText('One missed invoice')).toBeVisible();
    await expect(figure(header, 'Overdue')).toHaveText('£1,234.00');
    await expect(page.getByRole('link', { name: 'View activity' })).toHaveAttribute('href', `/emails/?customer_id=${customerId}`);

    // Invoices: the open one first, then the paid one with its payment link.
    await expect.poll(async () => (await invoiceRows(page)).map((row) => [row[7], row[6]])).toEqual([
      ['Overdue', '£1,234.00'],
      ['Paid', '£0.00'],
    ]);
    const payLink = page.getByRole('link', { name: `Pay link for ${number} (opens in a new tab)` });
    await expect(payLink).toHaveAttribute('href', 'https://pay.example.com/inv');
    await expect(payLink).toHaveAttribute('target', '_blank');
    await expect.poll(async () => (await tableRows(page, 'Payments')).map((row) => row.slice(1))).toEqual([['£889.62', number]]);

    // An escalation contact, with the form's own validation first.
    await page.getByRole('button', { name: 'Add escalation contact' }).click();
    const contactDialog = page.getByRole('dialog', { name: 'Add escalation contact' });
    await contactDialog.getByLabel('Name').fill('Erin Escalate');
    await contactDialog.getByLabel('Email').fill('not-an-email');
    await contactDialog.getByRole('button', { name: 'Save' }).click();
    await expect(contactDialog.getByText('Enter a valid email address')).toBeVisible();
    await contactDialog.getByLabel('Email').fill('erin@meridian.example');
    await contactDialog.getByRole('button', { name: 'Save' }).click();
    await expect(contactDialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'erin@meridian.example' })).toHaveAttribute('href', 'mailto:erin@meridian.example');
    await expect(page.getByRole('button', { name: 'Edit escalation contact' })).toBeVisible();

    // A new tag created inline survives a reload, then goes again.
    const tagInput = page.getByRole('combobox', { name: 'Add tag' });
    await tagInput.fill('Slow payer');
    await page.getByRole('option', { name: 'Add “Slow payer”' }).click();
    const removeTag = page.getByRole('button', { name: 'Remove tag Slow payer' });
    await expect(removeTag).toBeVisible();
    await page.reload();
    await expect(removeTag).toBeVisible();
    await removeTag.click();
    await expect(removeTag).toBeHidden();
    await expect(page.getByText('No tags yet.')).toBeVisible();

    // Pause until a date typed into the picker's field, then resume.
    const until = new Date();
    until.setDate(until.getDate() + 30);
    const typed = `${String(until.getDate()).padStart(2, '0')}${String(until.getMonth() + 1).padStart(2, '0')}${until.getFullYear()}`;
    await header.getByRole('button', { name: 'Pause' }).click();
    const pauseDialog = page.getByRole('dialog', { name: 'Pause chasing' });
    await expect(pauseDialog.getByRole('radio', { name: 'Until a date' })).toBeChecked();
    await pauseDialog.getByRole('group', { name: 'Pause until' }).click();
    await page.keyboard.type(typed);
    await pauseDialog.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(pauseDialog).toBeHidden();
    // The pause, and the standing it hides.
    await expect(header.getByText(`Paused until ${longDate(until)} · One missed invoice underneath`)).toBeVisible();
    await expect(header.getByText('Paused', { exact: true })).toBeVisible();

    await header.getByRole('button', { name: 'Resume' }).click();
    await expect(header.getByText('One missed invoice')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(header.getByText(/Paused until/)).toHaveCount(0);

    // The timeline tells the story newest first by when each thing happened, and who did it: this
    // session's edits by the signed-in person, the system's move, then the money by its own dates.
    const by = ` · ${account.name}`;
    // The workflow's reminders join the story: the pause stopped those planned, the resume planned them again.
    await expect.poll(async () => (await timeline(page)).map(([what]) => what)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Reminder planned: /),
        expect.stringMatching(/^(Reminder|Escalation) not sent: .* — chasing was paused for this customer$/),
      ]),
    );
    const story = async () => (await timeline(page)).filter(([what]) => !/^(Reminder|Escalation) (planned|not sent): /.test(what));
    await expect.poll(async () => (await story()).slice(0, 5).map(([what, meta]) => [what, meta.endsWith(by)])).toEqual([
      ['Resumed — now One missed invoice', true],
      [`Paused until ${longDate(until)}`, true],
      ['Tags changed: removed Slow payer', true],
      ['Tags changed: added Slow payer', true],
      ['Escalation contact added: Erin Escalate, erin@meridian.example', true],
    ]);
    const older = (await story()).slice(5);
    expect(older.map(([what]) => what)).toEqual([
      'Moved from Good standing to One missed invoice — an invoice became overdue',
      `Payment of £889.62 received for ${number}`,
      expect.stringMatching(/^Invoice \S+ for £1,234\.00 issued$/),
      `Invoice ${number} for £889.62 issued`,
    ]);
    expect(older[0]?.[1]).toMatch(/ · System$/);
    // An invoice happened on the day it was issued: a date, with no time and no one behind it.
    expect(older[2]?.[1]).toBe(longDate(isoDaysAgo(30)));
    expect(older[3]?.[1]).toBe(longDate(isoDaysAgo(40)));
  });

  test('fits 1280 to 1920 wide without scrolling sideways, and works at 390', async ({ page, account }) => {
    test.setTimeout(120_000);
    const name = 'Northern Regional Wholesale Fruit, Vegetable and Flower Distribution Company (Holdings) Limited';
    const customerId = await seedDebtor(account.org.id, {
      name,
      currency: 'GBP',
      overdue: [[1_234_500, 40], [50_000, 12]],
      notYetDue: [[75_000, 20]],
      pausedUntil: isoDaysAgo(-30),
      email: 'accounts-payable.department.northern-regional-office@extraordinarily-long-domain.example.co.uk',
    });
    await seedPaidInvoice(account.org.id, customerId, {
      number: 'INV-2026-000123',
      currency: 'GBP',
      amountDue: 1_999_999,
      paid: 500_000,
      dueDaysAgo: 25,
      paidDaysAgo: 2,
      paymentUrl: 'https://pay.example.com/inv-2026-000123',
    });
    await seedTag(account.org.id, 'Key account', [customerId]);
    await seedTag(account.org.id, 'Disputed', [customerId]);

    // Loaded once: the layout follows the window's width and the scheme as they change.
    await page.goto(`/customers/${customerId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect.poll(async () => (await invoiceRows(page)).length).toBe(4);
    await expect(page.getByRole('list', { name: 'Timeline' })).toBeVisible();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      for (const width of [...DESKTOP_WIDTHS, PHONE_WIDTH]) {
        await setWidth(page, width);
        await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"]')).toHaveCount(0);
        await expectNoSidewaysScroll(page, `the customer page at ${width}px`);
        if (width !== PHONE_WIDTH) {
          // Every invoice column is there, and the table needs no scrollbar of its own.
          const table = page.getByRole('table', { name: 'Invoices' });
          await expect(table.getByRole('columnheader', { name: 'Days overdue' })).toBeVisible();
          await expectTableFits(table, `the invoices at ${width}px`);
        }
        await saveScreenshot(page, `customer-page-${width}-${scheme}`);
      }
    }
  });

  test('a customer paused by a reply, whose reminders bounced: why it is paused, the email to read, and another address asked for; 1280 and 390 wide, light and dark', async ({
    page,
    account,
  }) => {
    test.setTimeout(180_000);
    const name = 'Harbour Lane Bakery';
    const bounce = '550 5.1.1 <ap@harbour-lane.example>: Recipient address rejected: User unknown in virtual mailbox table';
    const customerId = await seedDebtor(account.org.id, { name, currency: 'GBP', overdue: [[245_000, 35], [60_000, 8]], email: 'ap@harbour-lane.example', bounced: bounce });
    await seedEscalationContact(account.org.id, customerId, { name: 'Jo Baker', email: 'jo@harbour-lane.example' });
    // The finance director answers through the organisation's webhook; the sender names the customer.
    const { secret, webhook_url: webhookUrl } = await apiPost<InboundSecret>(page.request, '/api/settings/email/inbound-secret', {});
    const subject = 'Re: Your account with us';
    const reply = rawReply({
      from: 'Jo Baker <jo@harbour-lane.example>',
      to: 'accounts@journeys.example',
      subject,
      text: 'Hello, our accounts person has left. I am looking into these two invoices and will come back to you.',
    });
    const received = await postToInboundWebhook(page.request, webhookUrl, secret, reply);
    expect(received.status(), await received.text()).toBe(202);
    expect(await received.json()).toMatchObject({ status: 'stored', kind: 'reply', customer_id: customerId, paused: true });

    await page.goto(`/customers/${customerId}`);
    const header = page.getByRole('region', { name });
    await expect(header.getByText('Paused indefinitely · Several missed underneath')).toBeVisible();
    await expect(header.getByText('The customer replied', { exact: true })).toBeVisible();
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await expect(contacts.getByText('Bounced', { exact: true })).toBeVisible();
    await expect(contacts.getByRole('alert')).toContainText(
      `Emails to ap@harbour-lane.example bounced: ${bounce}. Chasing has stopped writing to this address — give another one.`,
    );
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('link', { name: 'Paused — the customer replied' })).toBeVisible();
    await expect(timeline.getByRole('link', { name: `Reply received: ${subject}` })).toBeVisible();

    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"]')).toHaveCount(0);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
        await expectNoSidewaysScroll(page, `a customer paused by a reply at ${width}px (${scheme})`);
        // The router restores the scroll the element screenshots left; the whole page is taken from the top.
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, `customer-replied-bounced-${width}-${scheme}`);
        await saveElementScreenshot(header, `customer-replied-header-${width}-${scheme}`);
        await saveElementScreenshot(contacts, `customer-bounced-contacts-${width}-${scheme}`);
        if (width === 1280) expect(await seriousAxeViolations(page), `a customer paused by a reply (${scheme})`).toEqual([]);
      }
    }

    // The email that paused it is one click away, and back.
    await header.getByRole('link', { name: 'Read the email' }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await page.goBack();

    // Another address for the bounced one clears the warning: chasing writes to it again.
    await contacts.getByRole('button', { name: 'Change address of the primary contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit primary contact' });
    await expect(dialog.getByLabel('Email')).toHaveValue('ap@harbour-lane.example');
    await dialog.getByLabel('Email').fill('payables@harbour-lane.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(contacts.getByRole('link', { name: 'payables@harbour-lane.example' })).toBeVisible();
    await expect(contacts.getByRole('alert')).toHaveCount(0);
    await expect(contacts.getByText('Bounced', { exact: true })).toHaveCount(0);
  });
});
