import type { Locator, Page } from '@playwright/test';

import { seriousAxeViolations } from '../support/axe';
import { signUpWithDemoOrganisation } from '../support/demo-organisation';
import { expect, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/**
 * Activity's Outbox as a worklist (issue 30, scope 2; decision 0045): on the demo organisation's own
 * planned emails, tick two, cancel them together, watch the job, and find each superseded and
 * cancelled by the person. Pictures at 1280 and 390, light and dark: e2e/screenshots/activity-bulk-*.
 */
test.describe.configure({ mode: 'parallel' });

/** The outbox's table once it has finished loading. */
async function loadedOutbox(page: Page): Promise<Locator> {
  const table = page.getByRole('table', { name: 'Emails' });
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  return table;
}

/** The screen at 1280 and at 390 wide, each saved and checked by axe, back at 1280 after. */
async function lookAtBothWidths(page: Page, name: string, scheme: string, options: { fullPage?: boolean } = {}): Promise<void> {
  for (const width of [1280, PHONE_WIDTH]) {
    await setWidth(page, width);
    await settle(page, name, scheme, width);
    await saveScreenshot(page, `activity-bulk-${name}-${width}-${scheme}`, options);
    expect(await seriousAxeViolations(page), `${name} at ${width}px (${scheme})`).toEqual([]);
  }
  await setWidth(page, 1280);
}

for (const scheme of SCHEMES) {
  test.describe(`bulk cancel on the Outbox, ${scheme}`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });

    test(`cancels two ticked planned emails; each shows superseded, cancelled by the person (${scheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      const person = await signUpWithDemoOrganisation(page.request);
      await page.goto('/emails/?tab=outbox');
      let table = await loadedOutbox(page);

      // The outbox opens on what goes next: the first two rows are planned, each with its checkbox.
      const boxes = table.getByRole('checkbox', { name: /^Select “/ });
      await expect(boxes.nth(1)).toBeVisible();
      const planned = table.locator('tbody tr').filter({ has: page.getByRole('checkbox', { name: /^Select “/ }) });
      const rows = [planned.nth(0), planned.nth(1)];
      const links = await Promise.all(rows.map(async (row) => (await row.locator('a[href^="/emails/"]').first().getAttribute('href')) ?? ''));
      expect(links.every((href) => /^\/emails\/[0-9a-f-]{36}$/.test(href))).toBe(true);

      // By keyboard: the row is the tab stop and Space ticks it, as on the customer list.
      await rows[0]?.focus();
      await page.keyboard.press(' ');
      await boxes.nth(1).check();
      const selection = page.getByRole('region', { name: 'Selection' });
      await expect(selection).toContainText('2 selected');
      await lookAtBothWidths(page, 'selected', scheme);

      await selection.getByRole('button', { name: 'Cancel emails' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel 2 emails?' });
      await expect(dialog).toContainText('These 2 planned emails will not be sent.');
      await lookAtBothWidths(page, 'confirm', scheme, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel 2 emails' }).click();

      // The worker runs the job; the panel follows it to its end, and the list reads again.
      const job = page.getByRole('region', { name: 'Bulk action' });
      await expect(job).toBeFocused();
      await expect(job).toContainText('2 emails cancelled', { timeout: 30_000 });
      await expect(selection).toBeHidden();
      table = await loadedOutbox(page);
      for (const href of links) {
        const row = table.locator('tbody tr').filter({ has: page.locator(`a[href="${href}"]`) });
        // Planned emails come first: a cancelled one has gone down the list, or shows as superseded.
        if ((await row.count()) > 0) await expect(row).toContainText('Superseded');
      }
      await lookAtBothWidths(page, 'done', scheme);

      // Each email's own history names the person, as a single cancel does.
      for (const href of links) {
        await page.goto(href);
        const history = page.getByRole('list', { name: 'Status history' });
        const last = history.getByRole('listitem').last();
        await expect(last).toContainText('Superseded');
        await expect(last).toContainText('Cancelled by hand');
        await expect(last).toContainText(person.name);
        await expect(page.getByRole('button', { name: 'Cancel email' })).toHaveCount(0);
      }

      // One audit entry for the whole job, with its count.
      await page.goto('/settings/audit');
      await expect(page.getByText('cancelled 2 planned emails').first()).toBeVisible();
    });
  });
}
