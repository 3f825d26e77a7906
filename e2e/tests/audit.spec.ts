import { readFile } from 'node:fs/promises';

import { apiPost, apiPut } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { seedCustomers } from '../support/data';
import { expect, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

const PASSWORD = 'Journey mail pass 4$x';

/**
 * Settings → Audit log (decision 0027): the changes a person made read as sentences with the
 * customer linked, filter by kind, and download as CSV — without the mail server's password.
 */
test.describe('Audit log', () => {
  test('lists the changes made, filters them, and exports them without any secret', async ({ page, account }) => {
    test.setTimeout(120_000);
    const [customerId] = await seedCustomers(account.org.id, ['Birch Joinery']);
    await apiPut(page.request, `/api/customers/${customerId}/`, { name: 'Birch Joinery Ltd' });
    await apiPut(page.request, '/api/settings/email/mail-server', {
      source: 'organisation',
      host: 'smtp.birch.test',
      port: 587,
      security: 'starttls',
      username: 'mailer',
      password: PASSWORD,
    });
    await apiPut(page.request, '/api/settings/email/sending-mode', { sending_mode: 'disabled' });
    const workflow = await apiPost<{ id: string }>(page.request, '/api/workflows/', { name: 'Gentle chasing' });
    await apiPut(page.request, `/api/customers/${customerId}/`, { workflow_id: workflow.id });

    await page.goto('/settings/audit');
    const entries = page.getByRole('list', { name: 'Changes, newest first' });
    await expect(entries.getByRole('listitem')).toHaveCount(5);
    // Values in words (decision 0041): the workflow by its name, never its id.
    const moved = entries.getByRole('listitem').first();
    await expect(moved).toContainText(`${account.name} moved Birch Joinery Ltd to the workflow “Gentle chasing”`);
    await expect(moved).toContainText('Workflowthe default workflow → Gentle chasing');
    await expect(moved).not.toContainText(workflow.id);
    await expect(entries.getByRole('listitem').nth(1)).toContainText(`${account.name} created the workflow “Gentle chasing”`);
    await expect(entries).toContainText(`${account.name} changed the sending mode from Dry run to Disabled`);
    await expect(entries).toContainText(`${account.name} set the mail server to smtp.birch.test`);
    // A value set where there was none reads as itself; a secret as "hidden", never its value.
    await expect(entries).toContainText('Passwordhidden');
    await expect(entries).not.toContainText('none →');
    const rename = entries.getByRole('listitem').filter({ hasText: 'renamed' });
    await expect(rename).toContainText(`${account.name} renamed “Birch Joinery” to Birch Joinery Ltd`);
    await expect(rename.getByRole('link', { name: 'Birch Joinery Ltd' })).toHaveAttribute('href', `/customers/${customerId}`);
    await expect(page.getByText(PASSWORD)).toHaveCount(0);

    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await settle(page, 'Settings → Audit log', scheme, width);
        await saveScreenshot(page, `settings-audit-${width}-${scheme}`);
      }
      await expectNoAxeViolations(page, 'Settings → Audit log', scheme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await setWidth(page, 1280);

    // Only the settings changes, then the same as a file.
    await page.getByRole('combobox', { name: 'Kind of change' }).click();
    await page.getByRole('option', { name: 'Settings' }).click();
    await expect(entries.getByRole('listitem')).toHaveCount(2);
    await expect(entries).not.toContainText('renamed');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile(await download.path(), 'utf8');
    const lines = file.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('Time (UTC),Person,Email,What happened,Action,Entity,Entity ID,Customer,Customer ID,Before,After');
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['settings.email.sending_mode.update', 'settings.email.mail_server.update']);
    expect(lines[1]).toContain(`${account.name},${account.email},changed the sending mode from Dry run to Disabled`);
    expect(file).toContain('[redacted]');
    expect(file).not.toContain(PASSWORD);

    // A range of days before any of it: nothing matches, and the way back is offered.
    await page.getByRole('group', { name: 'To' }).getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type('31122020');
    await expect(page.getByText('No changes match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(entries.getByRole('listitem')).toHaveCount(5);
  });
});
