import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Page } from '@playwright/test';
import type { EventDetail } from '@receivables/contracts';

import { apiGet } from '../support/api';
import { seedDebtor, seedPlannedEmail, seedSentEmail } from '../support/data';
import { baseUrl, expect, test } from '../support/fixtures';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';
import { starterPlan } from '../support/starter-plan';

/**
 * Saves every screen at desktop and phone width in light and dark to e2e/screenshots/ so a
 * person can look at them, and checks nothing overflows the viewport sideways.
 */
const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const widths = [1280, 390] as const;
const schemes = ['light', 'dark'] as const;

// One test per colour scheme: the whole tour in one took close to four minutes on a loaded 2-core
// machine, and a timeout there says nothing about the screens.
for (const scheme of schemes) {
  test(`every screen at 1280 and 390 wide, ${scheme}`, async ({ page, account, consoleGuard }) => {
    await tourEveryScreen(page, account.org.id, consoleGuard, scheme);
  });
}

type ConsoleGuard = { expectConsoleErrors(pattern: RegExp): void };

async function tourEveryScreen(page: Page, orgId: string, consoleGuard: ConsoleGuard, scheme: (typeof schemes)[number]) {
  test.setTimeout(240_000);
  consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
  mkdirSync(outDir, { recursive: true });
  const customerId = await seedDebtor(orgId, { name: 'Screenshot Supplies Ltd', currency: 'GBP', overdue: [[1_234_500, 40], [50_000, 12]], lastChaseAt: '2026-11-10T09:00:00Z' });
  const secondId = await seedDebtor(orgId, { name: 'Second Street Studios', currency: 'EUR', overdue: [[640_000, 18]] });
  const eventId = await seedEmails(page, orgId, customerId, secondId);
  const emailSubject = (await apiGet<EventDetail>(page.request, `/api/events/${eventId}/`)).subject;

  // The default workflow, chosen through the URL, with its preview open on the first debtor.
  await page.goto('/workflows');
  const defaultWorkflow = new URL((await page.getByRole('link', { name: /^Standard chasing/ }).getAttribute('href')) ?? '', baseUrl());
  const previewOn = async (name: string) => {
    await page.getByRole('region', { name: 'Preview' }).getByRole('combobox', { name: 'Customer' }).fill(name);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole('list', { name: `Emails to ${name}` })).toBeVisible();
  };
  const readFirstEmail = async () => {
    await previewOn('Screenshot Supplies Ltd');
    await page.getByRole('button', { name: /^Read email/ }).first().click();
    await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  };

  // A dialog is fixed to the viewport: a full-page shot would draw it wherever the page was scrolled.
  const viewportOnly = new Set(['workflow-email']);
  const screens: [string, string, string, (() => Promise<void>)?][] = [
    ['home', '/home', 'Top debtors'],
    ['customers', '/customers/', 'Customers'],
    ['customer', `/customers/${customerId}`, 'Screenshot Supplies Ltd'],
    ['import', '/customers/import', 'Import from CSV'],
    ['activity', '/emails/', 'Activity'],
    ['email', `/emails/${eventId}`, emailSubject],
    ['workflows', `${defaultWorkflow.pathname}${defaultWorkflow.search}`, 'Workflows', () => previewOn('Screenshot Supplies Ltd')],
    ['workflow-email', `${defaultWorkflow.pathname}${defaultWorkflow.search}`, 'Workflows', readFirstEmail],
    ['settings-chasing', '/settings', 'When reminders go out'],
    ['settings-email', '/settings?section=email', 'Sending mode'],
    ['settings-templates', '/settings?section=templates', 'Email templates'],
    ['terms', '/terms-and-conditions', 'Terms'],
    ['privacy', '/privacy-notice', 'Privacy Notice'],
    ['cookies', '/cookie-notice', 'Cookie Notice'],
    ['not-found', '/nope-nothing-here', ''],
  ];
  await page.emulateMedia({ colorScheme: scheme });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [name, path, heading, prepare] of screens) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      else await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
      // A picture of loaded data, not of skeletons.
      await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"]')).toHaveCount(0);
      if (prepare) {
        await prepare();
        // Fixed parts (the top bar) are drawn where the viewport was: a full-page shot starts from the top.
        if (!viewportOnly.has(name)) await page.evaluate(() => window.scrollTo(0, 0));
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${outDir}${name}-${width}-${scheme}.png`, fullPage: !viewportOnly.has(name) });
    }
    await screenshotTemplateEditor(page, `${outDir}settings-template-editor-${width}-${scheme}`);
    await screenshotCalendar(page, `${outDir}workflows-calendar-${width}-${scheme}.png`);
  }
}

/** Reminders planned for both debtors and one already sent, as the scheduler and sender leave them; the first one's id. */
async function seedEmails(page: Page, orgId: string, first: string, second: string): Promise<string> {
  const plan = await starterPlan(page.request);
  const id = await seedPlannedEmail(orgId, first, { ...plan, inHours: 26, subject: 'A friendly reminder', to: 'accounts@screenshot.example' });
  await seedPlannedEmail(orgId, second, { ...plan, inHours: 98, subject: 'A friendly reminder from us', to: 'ap@second-street.example' });
  await seedSentEmail(orgId, first, { subject: 'Your account: two invoices overdue', to: 'accounts@screenshot.example', daysAgo: 3 });
  return id;
}

/** The chasing calendar on /workflows, on its own. */
async function screenshotCalendar(page: Page, path: string) {
  await page.goto('/workflows');
  const calendar = page.getByRole('region', { name: 'Next 14 days' });
  await expect(calendar.getByRole('group', { name: 'Days' })).toBeVisible();
  await calendar.screenshot({ path });
}

test('a new organisation\'s Home and the skip link at 1280 and 390 wide, light and dark', async ({ page, account }) => {
  expect(account.org.id).toBeTruthy();
  mkdirSync(outDir, { recursive: true });
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `first-visit home at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${outDir}home-first-visit-${width}-${scheme}.png`, fullPage: true });
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await page.screenshot({ path: `${outDir}skip-link-${width}-${scheme}.png` });
    }
  }
});

/**
 * Settings → Templates with a starter template open in the editor and its preview rendered; on a
 * phone the preview is stacked under the editor, so it gets a second picture scrolled to it.
 */
async function screenshotTemplateEditor(page: Page, path: string) {
  await page.goto('/settings?section=templates');
  await page.getByRole('button', { name: 'Edit Friendly reminder' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit “Friendly reminder”' });
  await expect(editor.frameLocator('iframe').getByRole('table')).toBeVisible();
  await page.screenshot({ path: `${path}.png` });
  if (page.viewportSize()?.width === 390) {
    await editor.getByRole('heading', { name: 'Preview' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${path}-preview.png` });
  }
}

test('signed-out screens at 1280 and 390 wide, light and dark', async ({ browser }) => {
  mkdirSync(outDir, { recursive: true });
  for (const scheme of schemes) {
    for (const width of widths) {
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 844 } });
      const page = await context.newPage();
      for (const name of ['signin', 'signup']) {
        await page.goto(`${baseUrl()}/${name}`);
        await expect(page.getByLabel('Email')).toBeVisible();
        await page.screenshot({ path: `${outDir}${name}-${width}-${scheme}.png`, fullPage: true });
      }
      await context.close();
    }
  }
});
