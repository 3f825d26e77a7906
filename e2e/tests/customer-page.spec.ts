import { randomUUID } from 'node:crypto';

import { seedDebtor, seedPaidInvoice } from '../support/data';
import { expect, tableRows, test } from '../support/fixtures';

const longDate = (date: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);

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
    await expect(header.getByText('£1,234.00')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View activity' })).toHaveAttribute('href', `/emails/?customer_id=${customerId}`);

    // Invoices: the open one first, then the paid one with its payment link.
    await expect.poll(async () => (await tableRows(page, 'Invoices')).map((row) => [row[1], row[5]])).toEqual([
      ['Open', '£1,234.00'],
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
    await expect(header.getByText(`Paused until ${longDate(until)}`)).toBeVisible();
    await expect(header.getByText('Paused', { exact: true })).toBeVisible();

    await header.getByRole('button', { name: 'Resume' }).click();
    await expect(header.getByText('One missed invoice')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(header.getByText(/Paused until/)).toHaveCount(0);

    // The timeline tells the story, newest first; the seeded history sits below this session's edits.
    const entries = page.getByRole('list', { name: 'Timeline' }).locator('li p');
    await expect.poll(async () => (await entries.allTextContents()).slice(0, 5)).toEqual([
      'Resumed — now One missed invoice',
      `Paused until ${longDate(until)}`,
      'Tags changed: removed Slow payer',
      'Tags changed: added Slow payer',
      'Escalation contact added: Erin Escalate, erin@meridian.example',
    ]);
    const older = (await entries.allTextContents()).slice(5);
    expect(older).toContain(`Payment of £889.62 received for ${number}`);
    expect(older).toContain(`Invoice ${number} for £889.62 added`);
    expect(older).toContain('Moved from Good standing to One missed invoice — an invoice became overdue');
  });
});
