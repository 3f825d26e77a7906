import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { EventDetail, StripeConnect } from '@receivables/contracts';
import { startSmtpSink } from '@receivables/server/testing';

import { apiGet, apiPost } from '../support/api';
import { baseUrl, createOrganisation, expect, signUp, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth } from '../support/layout';
import { sendMailThrough } from '../support/mail';
import { receiveCopyRequest } from '../support/replies';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';
import { deliveryFact, dialogShown } from '../support/screens';
import { Tour, TOUR_WIDTHS } from '../support/tour';
import { failedSyncList, seedInbox, seedScreens, SUPPLIES } from '../support/tour-data';

/**
 * One tour of every screen per colour scheme (docs/testing.md, Journeys): signed out, choosing an
 * organisation, a new organisation's first Home, then every signed-in screen and its key dialogs
 * with data. At each stop the screen is saved at 1280 and 390 wide to e2e/screenshots/ for a person
 * to look at, checked to be no wider than the window, and checked by axe
 * (docs/decisions/0016-accessibility-checks.md); the skip link is checked on the main screens.
 */
const xero = fileURLToPath(new URL('../../fixtures/csv/xero-style-invoices.csv', import.meta.url));
const NOT_FOUND = 'The page you are looking for does not exist.';

// The two schemes' tours are the suite's longest tests: each on its own worker, side by side.
test.describe.configure({ mode: 'parallel' });

for (const scheme of SCHEMES) {
  test.describe(`the tour, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test(`every screen in ${scheme}: 1280 and 390 wide, axe, the skip link, nothing wider than the window`, async ({ page, consoleGuard }) => {
      // Some forty stops, each a load, two pictures and axe: minutes on a loaded two-core machine.
      test.setTimeout(600_000);
      // axe and the checks look into the email's frame, which refuses scripts (sandboxed-frames.ts).
      consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
      // The forged Stripe link's refusal is a 422 the browser reports; the page shows it.
      consoleGuard.expectConsoleErrors(/status of 422/);
      const tour = new Tour(page, scheme);

      await signedOut(tour);
      const orgId = await firstVisit(tour);
      // A mail server the organisation uses (in dry run, as a new one): Send again and Send to me are offered.
      const sink = await startSmtpSink();
      try {
        await sendMailThrough(page.request, sink, { sending: false });
        await withData(tour, orgId);
      } finally {
        await sink.close();
      }
    });
  });
}

/** Sign-in, sign-up, the open pages and not-found, signed out; then choosing an organisation. */
async function signedOut(tour: Tour): Promise<void> {
  const { page } = tour;
  for (const [path, what] of [
    ['/signin', 'sign-in'],
    ['/signup', 'sign-up'],
  ] as const) {
    await tour.visit(path, what, { shot: path.slice(1), ready: () => expect(page.getByLabel('Email')).toBeVisible() });
  }
  for (const [path, what] of [
    ['/cookie-notice', 'cookie notice'],
    ['/privacy-notice', 'privacy notice'],
    ['/terms-and-conditions', 'terms'],
  ] as const) {
    await tour.visit(path, what);
  }
  await tour.visit('/no-such-page', 'not found', { ready: () => expect(page.getByText(NOT_FOUND)).toBeVisible() });

  // Signed up, in no organisation yet.
  await signUp(page.request);
  await tour.visit('/org-select', 'org select', { heading: 'Choose an organisation' });
}

/**
 * A new organisation: its first Home at both widths with the skip link as the first Tab stop, the
 * Add a customer dialog, Settings → Integrations with nothing connected and with a failed sync,
 * and the Stripe callback when an install was cancelled or refused. Returns the organisation's id.
 */
async function firstVisit(tour: Tour): Promise<string> {
  const { page, scheme } = tour;
  const org = await createOrganisation(page.request, `Tour ${scheme} ${Date.now().toString(36)}`);

  // Loaded afresh at each width, so the first Tab starts from the top of the page.
  for (const width of TOUR_WIDTHS) {
    await setWidth(page, width);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
    await tour.settle('first-visit home', width);
    await saveScreenshot(page, `home-first-visit-${width}-${scheme}`);
    if (width === 1280) await tour.axe('first-visit home');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await saveScreenshot(page, `skip-link-${width}-${scheme}`, { fullPage: false });
  }
  await setWidth(page, 1280);
  await page.getByRole('button', { name: 'Add a customer' }).click();
  const addCustomer = page.getByRole('dialog', { name: 'Add a customer' });
  await expect(addCustomer).toBeVisible();
  await tour.axe('add a customer dialog');
  await addCustomer.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await tour.visit('/settings/integrations', 'Settings → Integrations, nothing connected', {
    shot: 'settings-integrations-empty',
    axe: 'phone',
    ready: async () => {
      await expect(page.getByText(/No Stripe account is connected/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Connect Stripe' })).toBeEnabled();
    },
  });
  await page.route((url) => url.pathname === '/api/accounts/', (route) => route.fulfill({ json: failedSyncList() }));
  const failed = page.getByRole('article', { name: 'Stripe account acct_1FailedSync' });
  await tour.visit('/settings/integrations', 'Settings → Integrations, a failed sync', {
    shot: 'settings-integrations-sync-failed',
    axe: 'phone',
    ready: async () => {
      await expect(failed.getByText('The last sync stopped')).toBeVisible();
      await expect(failed.getByRole('alert').first()).toContainText('Stripe answered: An unknown error occurred. It carries on from where it stopped');
      await expect(failed.getByRole('progressbar', { name: 'Sync of acct_1FailedSync' })).toHaveAttribute('aria-valuenow', '25');
      await expect(failed.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    },
  });
  await page.unrouteAll();

  const callback = page.getByRole('alert');
  await tour.visit('/callback/stripe?error=access_denied&error_description=The%20user%20denied%20your%20request', 'The Stripe callback', {
    shot: 'stripe-callback-cancelled',
    axe: 'phone',
    ready: async () => {
      await expect(callback).toContainText('Stripe was not connected');
      await expect(callback).toContainText('The user denied your request');
      await expect(page.getByRole('button', { name: 'Connect again' })).toBeVisible();
    },
  });
  // A link with a signature Stripe never made, refused by the real server.
  const { url } = await apiPost<StripeConnect>(page.request, '/api/stripe/connect/', {});
  const state = new URL(url).searchParams.get('state') ?? '';
  const forged = new URLSearchParams({ user_id: 'usr_Forged1', account_id: 'acct_1Forged', state, install_signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, livemode: 'false' });
  await tour.visit(`/callback/stripe?${forged.toString()}`, 'The Stripe callback, refused', {
    shot: 'stripe-callback-refused',
    axe: 'phone',
    ready: async () => {
      await expect(callback).toContainText('Stripe was not connected');
      await expect(callback).toContainText('Stripe’s signature on this link does not match the install: it was altered or is not from Stripe.');
      await expect(callback).not.toContainText('install_signature');
    },
  });
  return org.id;
}

/** Every signed-in screen with data, and its key dialogs and editors. */
async function withData(tour: Tour, orgId: string): Promise<void> {
  const { page } = tour;
  const screens = await seedScreens(page, orgId);
  const inbox = await seedInbox(page, orgId);
  const emailSubject = (await apiGet<EventDetail>(page.request, `/api/events/${screens.plannedId}/`)).subject;

  await tour.visit('/home', 'home', { shot: 'home', heading: 'Top debtors' });
  await tour.expectSkipLink('/home');

  await tour.visit('/customers/', 'customers', { shot: 'customers', heading: 'Customers' });
  await tour.expectSkipLink('/customers/');
  // Choosing a workflow for a selection: every customer seeded (two debtors and three who were sent reminders).
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Assign workflow' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign a workflow to 5 customers' });
  await expect(assign).toBeVisible();
  await tour.axe('assign workflow dialog');
  await assign.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await tour.visit(`/customers/${screens.customerId}`, 'customer', { shot: 'customer', heading: SUPPLIES });
  await tour.expectSkipLink('a customer');
  // Choosing a workflow for one customer from its Chasing card, the open list too.
  await page.getByRole('button', { name: 'Change workflow' }).click();
  const change = page.getByRole('dialog', { name: 'Change workflow' });
  await expect(change).toBeVisible();
  await tour.axe('change workflow dialog');
  await change.getByRole('combobox', { name: 'Workflow' }).click();
  await expect(page.getByRole('listbox', { name: 'Workflow' })).toBeVisible();
  await tour.axe('change workflow dialog, list open');
  await page.keyboard.press('Escape');
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await importScreens(tour);
  await activityScreens(tour, screens, emailSubject);
  await workflowScreens(tour);
  await settingsScreens(tour);

  for (const [path, what, shot, heading] of [
    ['/terms-and-conditions', 'terms, signed in', 'terms', 'Terms'],
    ['/privacy-notice', 'privacy notice, signed in', 'privacy', 'Privacy Notice'],
    ['/cookie-notice', 'cookie notice, signed in', 'cookies', 'Cookie Notice'],
  ] as const) {
    await tour.visit(path, what, { shot, heading });
    if (shot === 'privacy') await tour.expectSkipLink(path);
  }
  await tour.visit('/nope-nothing-here', 'not found, signed in', { shot: 'not-found', ready: () => expect(page.getByText(NOT_FOUND)).toBeVisible() });

  await replyScreens(tour, inbox);
}

/** The import: its screen, then a file's mapping (its preview scrolls in its own box on a phone) and the Discard dialog. */
async function importScreens(tour: Tour): Promise<void> {
  const { page } = tour;
  await tour.visit('/customers/import', 'import', { shot: 'import', heading: 'Import from CSV' });
  await tour.expectSkipLink('/customers/import');
  // Xero's export with a row the preview refuses.
  const csv = (await readFile(xero, 'utf8')).split('\r\n');
  csv.splice(2, 0, 'Gamma Garden Centre,,INV-2001,,01/02/2026,31/02/2026,120.00,0.00,120.00,GBP,AUTHORISED');
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'tour.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n')) });
  await tour.look('import mapping', { axe: 'both', ready: () => expect(page.getByRole('form', { name: 'Column mapping' })).toBeVisible() });
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  const discard = page.getByRole('dialog', { name: 'Discard this import?' });
  await expect(discard).toBeVisible();
  await tour.axe('discard dialog');
  // Discarded, not imported: the screens after this one show the seeded customers only.
  await discard.getByRole('button', { name: 'Discard import' }).click();
  await expect(page.getByText('tour.csv discarded')).toBeVisible();
}

/** Activity, one customer's emails, a planned email, and a delivered, a refused and an unknown one with Send again. */
async function activityScreens(tour: Tour, screens: Awaited<ReturnType<typeof seedScreens>>, emailSubject: string): Promise<void> {
  const { page } = tour;
  await tour.visit('/emails/', 'activity', { shot: 'activity', heading: 'Activity' });
  await tour.expectSkipLink('/emails/');
  const rows = page.getByRole('table', { name: 'Emails' }).locator('tbody tr');
  // Why an email failed or is unknown, said in its row.
  await tour.visit(`/emails/?customer_id=${screens.customerId}`, 'activity of one customer', {
    shot: 'activity-delivery',
    ready: async () => {
      await expect(rows.filter({ hasText: 'May or may not have arrived' })).toHaveCount(1);
      await expect(rows.filter({ hasText: 'Refused by the mail server' })).toHaveCount(1);
    },
  });
  await tour.visit(`/emails/?customer_id=${screens.customerId}&tab=all`, 'activity of one customer, every email', { heading: 'Activity' });

  await tour.visit(`/emails/${screens.plannedId}`, 'email', { shot: 'email', heading: emailSubject });
  for (const email of [
    { shot: 'email-delivered', id: screens.delivered, heading: `Your account with ${SUPPLIES}`, note: null },
    { shot: 'email-failed', id: screens.failed, heading: 'Your statement from Journeys Receivables', note: 'Not sent: The mail server refused this email' },
    { shot: 'email-unknown', id: screens.unknown, heading: 'A second reminder about £12,345.00', note: 'It may or may not have arrived' },
  ]) {
    await tour.visit(`/emails/${email.id}`, email.shot, {
      shot: email.shot,
      ready: async () => {
        await expect(page.getByRole('heading', { level: 1, name: email.heading })).toBeVisible();
        await expect(deliveryFact(page, 'Message-ID')).toContainText('@mail.screenshot-receivables.example>');
        if (email.note) await expect(page.getByRole('alert').filter({ hasText: email.note })).toBeVisible();
      },
    });
  }
  // The confirmation of Send again, over the unknown email.
  await page.getByRole('button', { name: 'Send again' }).click();
  const again = page.getByRole('dialog', { name: 'Send this email again?' });
  await tour.look('send again dialog', {
    shot: 'email-send-again',
    viewportOnly: true,
    ready: async () => {
      await expect(again).toContainText(`sending again may give ${SUPPLIES} a second copy`);
      await expect(again).toContainText('Your organisation is in dry run, but this email really is sent');
      await expect(again.getByRole('button', { name: 'Send again' })).toBeEnabled();
      await dialogShown(page);
    },
  });
  await page.keyboard.press('Escape');
  await expect(again).toHaveCount(0);
}

/** Workflows with the default's preview, an email read from it, and the chasing calendar. */
async function workflowScreens(tour: Tour): Promise<void> {
  const { page } = tour;
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  await tour.expectSkipLink('/workflows');
  const calendar = page.getByRole('region', { name: 'Next 14 days' });
  await expect(calendar.getByRole('group', { name: 'Days' })).toBeVisible();
  await tour.shootElement(calendar, 'workflows-calendar');

  // The default workflow, chosen through the URL, with its preview open on the first debtor.
  const link = new URL((await page.getByRole('link', { name: /^Standard chasing/ }).getAttribute('href')) ?? '', baseUrl());
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('region', { name: 'Preview' }).getByRole('combobox', { name: 'Customer' }).fill(SUPPLIES);
  await page.getByRole('option', { name: new RegExp(`^${SUPPLIES}`) }).click();
  const emails = page.getByRole('list', { name: `Emails to ${SUPPLIES}` });
  await tour.look('workflows', { shot: 'workflows', ready: () => expect(emails).toBeVisible() });

  await emails.getByRole('button', { name: /^Read email/ }).first().click();
  await tour.look('an email read from the preview', { shot: 'workflow-email', viewportOnly: true, ready: () => expect(page.getByRole('dialog').locator('iframe')).toBeVisible() });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Settings: chasing, email, the templates and a template open in its editor with Send to me. */
async function settingsScreens(tour: Tour): Promise<void> {
  const { page, scheme } = tour;
  await tour.visit('/settings', 'settings', { shot: 'settings-chasing', heading: 'When reminders go out' });
  await tour.expectSkipLink('/settings');
  await tour.visit('/settings/email', 'email settings', { shot: 'settings-email', heading: 'Sending mode' });
  await tour.visit('/settings/templates', 'templates', { shot: 'settings-templates', heading: 'Email templates' });

  // A starter template open, its preview rendered and Send to me offered; on a phone the preview
  // is stacked under the editor, so it gets a second picture scrolled to it.
  await page.getByRole('button', { name: 'Edit Friendly reminder' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit “Friendly reminder”' });
  await tour.look('template editor', {
    ready: async () => {
      await expect(editor.frameLocator('iframe').getByRole('table')).toBeVisible();
      await expect(editor.getByRole('button', { name: 'Send to me' })).toBeEnabled();
      await expect(editor.getByRole('region', { name: 'Preview' })).not.toHaveAttribute('aria-busy', 'true');
    },
  });
  for (const width of TOUR_WIDTHS) {
    await setWidth(page, width);
    await expect(editor.frameLocator('iframe').getByRole('table')).toBeVisible();
    for (const shot of ['settings-template-editor', 'template-send-to-me']) await saveScreenshot(page, `${shot}-${width}-${scheme}`, { fullPage: false });
    if (width === PHONE_WIDTH) {
      await editor.getByRole('heading', { name: 'Preview' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await saveScreenshot(page, `settings-template-editor-${width}-${scheme}-preview`, { fullPage: false });
    }
  }
  await setWidth(page, 1280);
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
}

/** The inbox, the unassigned and attaching one, a reply and its triage, an out-of-office, and the copy a customer asked for. */
async function replyScreens(tour: Tour, inbox: Awaited<ReturnType<typeof seedInbox>>): Promise<void> {
  const { page } = tour;
  await tour.visit('/emails/?tab=inbox', 'inbox', { shot: 'replies-inbox', ready: () => expect(page.getByRole('table', { name: 'Emails' }).locator('tbody tr')).toHaveCount(3) });

  await page.getByRole('button', { name: 'Unassigned (1)' }).click();
  const unassigned = page.getByRole('list', { name: 'Unassigned emails' });
  await tour.look('unassigned', {
    shot: 'replies-unassigned',
    ready: async () => {
      await expect(unassigned).toContainText('Remittance advice for payment run 2026-47');
      // Opened in full: until its opening ends, the panel keeps the height it measured when it began (the skeleton's).
      await expect(page.getByRole('region', { name: 'Unassigned' }).locator('.MuiCollapse-entered')).toHaveCount(1);
    },
  });

  await unassigned.getByRole('button', { name: /^Attach to customer/ }).click();
  const attach = page.getByRole('dialog', { name: 'Attach to a customer' });
  await attach.getByRole('combobox', { name: 'Customer' }).fill('Init');
  await tour.look('attach dialog', {
    shot: 'replies-attach',
    viewportOnly: true,
    ready: async () => {
      // The search is the server's, once typing pauses.
      await expect(page.getByRole('option')).toHaveCount(1);
      await expect(page.getByRole('option', { name: /Initech/ })).toBeVisible();
      await dialogShown(page);
    },
  });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(attach).toHaveCount(0);

  await tour.visit(`/emails/${inbox.replyId}`, 'reply', { shot: 'replies-reply', ready: () => expect(page.getByRole('region', { name: 'Suggested next step' })).toContainText('Disputes the debt') });
  await page.getByRole('button', { name: 'Mark disputed and pause' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark disputed and pause?' });
  await tour.look('triage confirmation', {
    shot: 'replies-confirm',
    viewportOnly: true,
    ready: async () => {
      await expect(confirm).toBeVisible();
      await dialogShown(page);
    },
  });
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);

  await tour.visit(`/emails/${inbox.outOfOfficeId}`, 'out of office', { shot: 'replies-out-of-office', ready: () => expect(page.getByText('Out of office')).toBeVisible() });

  // Asked for a copy after the inbox was looked at, which shows the three emails above.
  const requestId = await receiveCopyRequest(page, inbox.secret, inbox.northwindMessageId);
  await page.goto(`/emails/${requestId}`);
  const triage = page.getByRole('region', { name: 'Suggested next step' });
  await expect(triage).toContainText('Asks for a copy');
  await triage.getByRole('button', { name: 'Send the invoice copy' }).click();
  const copy = page.getByRole('dialog', { name: 'Send the invoice copy?' });
  await tour.look('send the copy', {
    shot: 'replies-send-copy',
    viewportOnly: true,
    ready: async () => {
      await expect(copy.getByRole('group', { name: 'The copy' })).toContainText('Priya Natarajan <priya@northwind.example>');
      await expect(copy).toContainText('1 open invoice, £1,234.50 in all');
      await expect(copy.getByRole('button', { name: 'Send the copy' })).toBeEnabled();
      await dialogShown(page);
    },
  });
  await page.keyboard.press('Escape');
  await expect(copy).toHaveCount(0);
}
