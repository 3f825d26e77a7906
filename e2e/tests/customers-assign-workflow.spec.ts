import { fileURLToPath } from 'node:url';

import type { Locator, Page } from '@playwright/test';
import type { EmailTemplate, Workflow } from '@receivables/contracts';

import { apiPost } from '../support/api';
import { seedCustomers, seedDebtor, seedTag } from '../support/data';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll, PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth } from '../support/layout';

const TAG = 'Key account';
const WORKFLOW = 'Gentle chasing';
// 27 tagged customers that owe nothing and one tagged debtor: 28 match, more than a page of 25.
const KEY_ACCOUNTS = Array.from({ length: 27 }, (_, i) => `Key Account ${String(i + 1).padStart(2, '0')}`);
const KEY_DEBTOR = 'Keystone Kitchens';
const OUTSIDER = 'Outside Trading Ltd';

/** A workflow with one step: a template sent the day a customer misses its first invoice. */
async function seedWorkflow(page: Page): Promise<Workflow> {
  const template = await apiPost<EmailTemplate>(page.request, '/api/emails/', {
    name: 'Gentle nudge',
    tone: 'friendly-reminder',
    kind: 'regular_email',
    variation: 'none',
    subject: 'Gentle nudge for {{ customer_name }}',
    body: '<p>Hello,</p><p>{{ amount_overdue }} is overdue.</p>{{ invoice_table }}<p>{{ signature }}</p>',
  });
  const workflow = await apiPost<Workflow>(page.request, '/api/workflows/', { name: WORKFLOW });
  await apiPost(page.request, '/api/workflows/action/', { workflow_id: workflow.id, standing: 'single_missed', delay_days: 7, email_id: template.id });
  return workflow;
}

/** The page in each scheme at each width, checked not to scroll sideways, `shoot` saving what matters. */
async function everyLook(page: Page, what: string, shoot: (suffix: string) => Promise<unknown>): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // MUI marks the scheme it renders with a class on <html>: the picture is of that scheme.
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await expectNoSidewaysScroll(page, `${what} at ${width}px (${scheme})`);
      await shoot(`${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setWidth(page, 1280);
}

/** The customer table, once it has finished loading. */
async function loadedTable(page: Page): Promise<Locator> {
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table;
}

async function openCustomer(page: Page, id: string, name: string): Promise<Locator> {
  await page.goto(`/customers/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const card = page.getByRole('region', { name: 'Chasing' });
  await expect(card.getByRole('heading', { name: 'Next email' })).toBeVisible();
  return card;
}

test.describe('Assigning a workflow', () => {
  test('assigns a workflow to every customer a filter matches, shown on their pages, and to one customer from its page', async ({ page, account }) => {
    test.setTimeout(120_000);
    const workflow = await seedWorkflow(page);
    const keyIds = await seedCustomers(account.org.id, KEY_ACCOUNTS);
    const debtorId = await seedDebtor(account.org.id, { name: KEY_DEBTOR, currency: 'GBP', overdue: [[123_400, 5]], email: 'ap@keystone.example' });
    const outsiderId = await seedDebtor(account.org.id, { name: OUTSIDER, currency: 'GBP', overdue: [[56_700, 5]], email: 'ap@outside.example' });
    await seedTag(account.org.id, TAG, [...keyIds, debtorId]);

    // Before: the debtor follows the organisation's default.
    let card = await openCustomer(page, debtorId, KEY_DEBTOR);
    await expect(card).toContainText('Standard chasing (organisation default)');

    // Filter by the tag, select every match, assign.
    await page.goto('/customers/?page_size=25');
    await loadedTable(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const form = page.getByRole('form', { name: 'Filters' });
    await form.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: TAG }).click();
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('28 customers match')).toBeVisible();
    await loadedTable(page);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const selection = page.getByRole('region', { name: 'Selection' });
    await selection.getByRole('button', { name: 'Select all 28 matching customers' }).click();
    await expect(selection).toContainText('All 28 matching customers are selected');

    await selection.getByRole('button', { name: 'Assign workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign a workflow to 28 customers' });
    await expect(dialog).toContainText('Every customer matching the search and filters (28 customers), including those on other pages');
    await dialog.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('option', { name: WORKFLOW }).click();
    await expect(dialog).toContainText(`Follows ${WORKFLOW} whatever the default is.`);
    // A dialog is fixed to the viewport: a picture of the viewport, not of the page behind it.
    await everyLook(page, 'the bulk workflow dialog', (suffix) => page.screenshot({ path: screenshotPath(`customers-assign-workflow-dialog-${suffix}`) }));
    await dialog.getByRole('button', { name: 'Assign workflow' }).click();
    await expect(page.getByText(`Workflow “${WORKFLOW}” assigned to 28 customers`)).toBeVisible();
    await expect(selection).toBeHidden();

    // A matching customer now follows it, by choice; its next email is the workflow's step.
    card = await openCustomer(page, debtorId, KEY_DEBTOR);
    await expect(card.getByText(WORKFLOW, { exact: true })).toBeVisible();
    await expect(card).toContainText('Enabled · chosen for this customer');
    await expect(card).toContainText('Gentle nudge');
    await expect(card).toContainText('To the primary contact: ap@keystone.example');
    await expect(card.getByRole('link', { name: 'Open in Workflows' })).toHaveAttribute('href', `/workflows?workflow_id=${workflow.id}`);
    await everyLook(page, 'the customer page', async (suffix) => {
      // The card's own picture scrolls to it; fixed parts (the top bar) are drawn where the viewport is.
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `customer-chasing-${suffix}`);
      await card.screenshot({ path: screenshotPath(`customer-chasing-card-${suffix}`) });
    });

    // A customer the filter did not match still follows the default; then it is changed on its own page.
    card = await openCustomer(page, outsiderId, OUTSIDER);
    await expect(card).toContainText('Standard chasing (organisation default)');
    await expect(card).toContainText('Enabled · no workflow of its own');
    await card.getByRole('button', { name: 'Change workflow' }).click();
    const change = page.getByRole('dialog', { name: 'Change workflow' });
    await change.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('option', { name: WORKFLOW }).click();
    await setWidth(page, PHONE_WIDTH);
    await page.screenshot({ path: screenshotPath(`customer-change-workflow-dialog-${PHONE_WIDTH}-light`) });
    await setWidth(page, 1280);
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${OUTSIDER} now follows ${WORKFLOW}`)).toBeVisible();
    await expect(card.getByText(WORKFLOW, { exact: true })).toBeVisible();
    await expect(card).toContainText('Enabled · chosen for this customer');

    // The link opens that workflow on the Workflows screen.
    await card.getByRole('link', { name: 'Open in Workflows' }).click();
    await expect(page.getByRole('heading', { level: 2, name: WORKFLOW })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${WORKFLOW}`) })).toContainText('29 customers follow it');
  });
});

/** e2e/screenshots/<name>.png, where saveScreenshot puts whole pages, for a viewport or one element. */
function screenshotPath(name: string): string {
  return fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));
}
