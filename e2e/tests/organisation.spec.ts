import type { Page } from '@playwright/test';

import { expectNoAxeViolations } from '../support/axe';
import { createOrganisation, expect, setActiveOrganisation, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/** A 160 × 48 PNG: a logo as a person would upload one. */
const LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAAAwCAIAAAAZy+Y5AAAAhUlEQVR42u3ZMREAMAgEQZykTh07MRD/AoIFGhpmb14BWxJfowsnACzAAizAAizAKgHHu61zesACLMCAAQMGDBgwYMCABVgTgNc+VhxgwIABAwYMGDBgwIABG2DAgAEDBgwYsGeDZ4MAC7AAAwYMGDBgwIABA1YvsAALsAALsAALMGANLAGmtQis5G/VYgAAAABJRU5ErkJggg==';

/** Pick `option` from the MUI Autocomplete labelled `label`, by typing part of it. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** The screen at 1280 and 390 px, light and dark, saved as `name-<width>-<scheme>`; axe finds nothing serious. */
async function screenshots(page: Page, name: string, what: string, { fullPage = true } = {}) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, PHONE_WIDTH]) {
      await setWidth(page, width);
      await settle(page, what, scheme, width);
      await saveScreenshot(page, `${name}-${width}-${scheme}`, { fullPage });
    }
    await expectNoAxeViolations(page, what, scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await setWidth(page, 1280);
}

/** Settings → Organisation (decision 0028): its owner renames it, changes its currency and calendar, and deletes it. */
test.describe('Organisation', () => {
  test('the owner renames it (the switcher follows), changes currency and time zone, then deletes it and goes on in another', async ({ page, account }) => {
    test.setTimeout(180_000);
    // The same person runs a second organisation, where they land once the first is gone.
    await createOrganisation(page.request, 'Second Books Ltd');
    await setActiveOrganisation(page.request, account.org.id);

    await page.goto('/settings/organisation');
    const form = page.getByRole('form', { name: 'Organisation' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(account.org.name);
    await expect(form.getByRole('combobox', { name: 'Default currency' })).toHaveValue('GBP — British Pound');
    await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');

    await form.getByRole('textbox', { name: 'Name' }).fill('Harbour Ledger Co');
    await choose(page, 'Default currency', 'Euro', 'EUR — Euro');
    await choose(page, 'Time zone', 'Berlin', /^Europe\/Berlin/);
    await choose(page, 'Public holidays', 'Germany', 'Germany (DE)');
    await form.getByRole('button', { name: 'Save organisation' }).click();
    await expect(page.getByText('Organisation saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Harbour Ledger Co, switch organisation' })).toBeVisible();

    // Settings → Chasing reads the same zone and holidays, and sends here to change them.
    await page.goto('/settings');
    await expect(page.getByText(/Times are in Europe\/Berlin\. Public holidays in Germany are skipped\./)).toBeVisible();
    await page.getByRole('link', { name: 'Change them in Settings → Organisation' }).click();
    await expect(form.getByRole('combobox', { name: 'Default currency' })).toHaveValue('EUR — Euro');
    await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');

    // The letterhead (decision 0038): a logo from a file, the company's registered details.
    const letterhead = page.getByRole('form', { name: 'Letterhead' });
    await expect(letterhead.getByText('No logo: emails start with their greeting.')).toBeVisible();
    await letterhead.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(LOGO_PNG, 'base64') });
    await expect(letterhead.getByRole('img', { name: 'The logo emails will show' })).toBeVisible();
    await letterhead.getByRole('textbox', { name: 'Registered company name' }).fill('Harbour Ledger Co Ltd');
    await letterhead.getByRole('textbox', { name: 'Company number' }).fill('sc123456');
    await letterhead.getByRole('textbox', { name: 'Registered office' }).fill('1 Harbour Row\nLeith\nEdinburgh EH6 6AA');
    await letterhead.getByRole('textbox', { name: 'VAT number' }).fill('GB 123 4567 89');
    await letterhead.getByRole('button', { name: 'Save letterhead' }).click();
    await expect(page.getByText('Letterhead saved')).toBeVisible();
    await expect(letterhead.getByRole('textbox', { name: 'Company number' })).toHaveValue('SC123456');
    await expect(letterhead.getByRole('textbox', { name: 'VAT number' })).toHaveValue('GB123456789');
    await screenshots(page, 'settings-organisation', 'Settings → Organisation');

    await page.getByRole('button', { name: 'Delete organisation…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Harbour Ledger Co”?' });
    const confirm = dialog.getByRole('button', { name: 'Delete organisation' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Organisation name' }).fill('Harbour Ledger');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Organisation name' }).fill('Harbour Ledger Co');
    await expect(confirm).toBeEnabled();
    await screenshots(page, 'settings-organisation-delete', 'Deleting the organisation', { fullPage: false });

    await confirm.click();
    await expect(page.getByText('“Harbour Ledger Co” was deleted. You are now working in Second Books Ltd.')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    const switcher = page.getByRole('button', { name: 'Second Books Ltd, switch organisation' });
    await expect(switcher).toBeVisible();
    await switcher.click();
    await expect(page.getByRole('menuitem', { name: 'Harbour Ledger Co' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Second Books Ltd' })).toBeVisible();
  });
});
