import type { Locator, Page } from '@playwright/test';
import type { AuditListResponse } from '@receivables/contracts';

import { apiGet } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { isoDaysAgo, seedDebtor } from '../support/data';
import { expect, test } from '../support/fixtures';
import { PHONE_WIDTH, saveElementScreenshot, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/** "3 December 2026", as the screens write a day. */
const longDate = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** Types a day into a date field by keyboard, as DDMMYYYY. */
async function typeDay(page: Page, dialog: Locator, label: string, day: string): Promise<void> {
  await dialog.getByRole('group', { name: label }).click();
  await page.keyboard.press('Home');
  await page.keyboard.type(`${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`);
}

// Issue 30, the customer page as a desk: a call logged with a follow-up day shows on the customer's
// page and timeline, and on Home's To do on its day until marked done (decision 0043).
test('a call logged with a follow-up shows on the customer page, its timeline and Home’s To do, until marked done', async ({ page, account }) => {
  test.setTimeout(180_000);
  const name = 'Meridian Mills';
  const customerId = await seedDebtor(account.org.id, { name, currency: 'GBP', overdue: [[123_400, 30]] });
  const today = isoDaysAgo(0);

  await page.goto(`/customers/${customerId}`);
  const card = page.getByRole('region', { name: 'Notes and calls' });
  await expect(card.getByText('No notes or calls yet')).toBeVisible();

  // The form's own checks first, then the call: by keyboard where a person would type.
  await card.getByRole('button', { name: 'Log a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a call' });
  await expect(dialog.getByLabel('Who you called')).toBeFocused();
  await dialog.getByLabel('Who you called').fill('');
  await dialog.getByRole('button', { name: 'Log call' }).click();
  await expect(dialog.getByText('Enter who you called')).toBeVisible();
  await expect(dialog.getByText('Choose how the call went')).toBeVisible();
  await dialog.getByLabel('Who you called').fill('Jane Smith');
  await dialog.getByRole('combobox', { name: /How it went/ }).click();
  await page.getByRole('option', { name: 'Left a message' }).click();
  await dialog.getByLabel('What was said').fill('Asked her to ring back about the March invoice.');
  await typeDay(page, dialog, 'Follow up on', today);
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await saveScreenshot(page, `notes-and-calls-log-a-call-${width}-${scheme}`, { fullPage: false });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setWidth(page, 1280);
  expect(await seriousAxeViolations(page), 'the Log a call dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Log call' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Call with Jane Smith logged')).toBeVisible();

  // On the card, newest first, with its follow-up due today and Done.
  const entry = card.getByRole('listitem').filter({ hasText: 'Call with Jane Smith · Left a message' });
  await expect(entry).toContainText('Asked her to ring back about the March invoice.');
  await expect(entry).toContainText('Follow up today');
  await expect(entry.getByRole('button', { name: /Mark the follow-up of .* done/ })).toBeVisible();
  // And in the timeline, in words, by whom.
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const item = timeline.getByRole('listitem').filter({ hasText: 'Call with Jane Smith: left a message' });
  await expect(item).toContainText(`“Asked her to ring back about the March invoice.” · Follow up on ${longDate(today)}`);
  await expect(item).toContainText(account.name);

  await page.getByRole('button', { name: 'Add a note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add a note' });
  await noteDialog.getByLabel('Note').fill('Prefers a call before any letter.');
  await noteDialog.getByRole('button', { name: 'Add note' }).click();
  await expect(noteDialog).toBeHidden();
  await expect(card.getByRole('listitem').first()).toContainText('Prefers a call before any letter.');

  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await settle(page, 'the customer page with a call and a note', scheme, width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `notes-and-calls-${width}-${scheme}`);
      await saveElementScreenshot(card, `notes-and-calls-card-${width}-${scheme}`);
      await saveElementScreenshot(page.getByRole('region', { name: 'Timeline' }), `notes-and-calls-timeline-${width}-${scheme}`);
      if (width === 1280) expect(await seriousAxeViolations(page), `the customer page with notes (${scheme})`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setWidth(page, 1280);

  // Home's To do: the follow-up is due today; it opens in place, and Done takes it off.
  await page.goto('/home');
  const toDo = page.getByRole('region', { name: 'To do' });
  const line = toDo.getByRole('button', { name: '1 follow-up due today' });
  await line.focus();
  await page.keyboard.press('Enter');
  const followUps = toDo.getByRole('list', { name: 'Follow-ups due' });
  await expect(followUps.getByRole('link', { name })).toHaveAttribute('href', `/customers/${customerId}`);
  await expect(followUps).toContainText('Call with Jane Smith · Left a message: Asked her to ring back about the March invoice.');
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await settle(page, 'Home with a follow-up due', scheme, width);
      await saveElementScreenshot(toDo, `notes-and-calls-to-do-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setWidth(page, 1280);
  await followUps.getByRole('button', { name: `Mark the follow-up with ${name} done` }).click();
  await expect(page.getByText(`Follow-up with ${name} marked done`)).toBeVisible();
  await expect(toDo.getByRole('button', { name: /follow-up/ })).toHaveCount(0);

  // Back on the customer's page it says who followed it up; the audit log says each step in words.
  await page.goto(`/customers/${customerId}`);
  await expect(card.getByRole('listitem').filter({ hasText: 'Call with Jane Smith' })).toContainText(`Followed up by ${account.name}`);
  const audit = await apiGet<AuditListResponse>(page.request, `/api/audit/?customer_id=${customerId}`);
  expect(audit.rows.map((r) => r.description)).toEqual(
    expect.arrayContaining([
      `logged a call with Jane Smith at ${name}: left a message; follow up on ${longDate(today).replace(/ \d{4}$/, '')}`,
      `added a note on ${name}`,
      `marked done the follow-up of a call with Jane Smith at ${name}`,
    ]),
  );
});
