import { expectNoAxeViolations } from '../support/axe';
import { addMember, seedDebtor } from '../support/data';
import { expect, setActiveOrganisation, signUpWithOrganisation, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/**
 * Roles (decision 0024): one organisation, its owner, and a member and an admin who joined it.
 * The screens offer each only what the API lets them do.
 */
test.describe('Roles', () => {
  test('a member reads the workflows with the reason they cannot change them; an admin changes them', async ({ page, account, browser }) => {
    test.setTimeout(120_000);
    // The team's organisation belongs to someone else; the signed-in person joins it as a member.
    const ownerContext = await browser.newContext();
    const owner = await signUpWithOrganisation(ownerContext.request, 'Team Books Ltd');
    await ownerContext.close();
    await addMember(owner.org.id, account.email, 'member');
    await setActiveOrganisation(page.request, owner.org.id);

    await page.goto('/workflows');
    await expect(page.getByRole('heading', { level: 2, name: 'Standard chasing' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Only an admin or the owner can change workflows.');
    await expect(page.getByRole('button', { name: 'New workflow' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Rename|Duplicate|Add step|Edit|Remove)/ })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: /^Enabled/ })).toBeDisabled();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await settle(page, 'Workflows, read by a member', scheme, width);
        await saveScreenshot(page, `workflows-member-${width}-${scheme}`);
      }
      await expectNoAxeViolations(page, 'Workflows, read by a member', scheme);
    }

    // Settings read the same way: the calendar with its fields disabled, the templates, the integrations.
    await page.goto('/settings');
    await expect(page.getByRole('note')).toContainText('Only an admin or the owner can change these settings.');
    await expect(page.getByLabel('Weekly cap')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save chasing settings' })).toHaveCount(0);
    await page.goto('/settings/templates');
    await expect(page.getByRole('table', { name: 'Email templates' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Only an admin or the owner can change email templates.');
    await expect(page.getByRole('button', { name: /^(Generate|New template|Edit |Delete )/ })).toHaveCount(0);
    await page.goto('/settings/integrations');
    await expect(page.getByRole('note')).toContainText('Only an admin or the owner can connect or disconnect integrations.');
    await expect(page.getByRole('button', { name: 'Connect Stripe' })).toHaveCount(0);

    // Settings → Email: every value there to read under one notice, the forms disabled, no Save,
    // Test connection, Switch, key or secret to make; the webhook URL still copies.
    await page.goto('/settings/email');
    await expect(page.getByRole('heading', { name: 'Sender' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(1);
    await expect(page.getByRole('note')).toContainText('Only an admin or the owner can change these settings.');
    await expect(page.getByRole('textbox', { name: 'From address' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Sending' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Pause chasing when a customer replies' })).toBeDisabled();
    await expect(
      page.getByRole('button', { name: /^(Save sender|Save mail server|Test connection|Switch to|Generate key|New key|Remove key|Create secret|Replace secret)/ }),
    ).toHaveCount(0);
    await expect(page.getByText('No key yet: mail goes out unsigned.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy webhook url' })).toBeEnabled();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await settle(page, 'Settings → Email, read by a member', scheme, width);
        await saveScreenshot(page, `settings-email-member-${width}-${scheme}`);
      }
      await expectNoAxeViolations(page, 'Settings → Email, read by a member', scheme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await setWidth(page, 1280);

    // A customer: pausing, contacts and tags are a member's; the record and its workflow are an
    // admin's, their buttons disabled with the reason on hover.
    const customerId = await seedDebtor(owner.org.id, { name: 'Member Read Ltd', currency: 'GBP', overdue: [[45_000, 20]] });
    await page.goto(`/customers/${customerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Member Read Ltd' })).toBeVisible();
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await expect(edit).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Change workflow' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled();
    await edit.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Only an admin or the owner can add or change customers, invoices and payments.');
    await saveScreenshot(page, 'customer-member-1280-light', { fullPage: false });
    await expectNoAxeViolations(page, 'A customer, read by a member', 'light');

    // The list: selecting still counts and exports, but bulk actions and import say why they are not there.
    await page.goto('/customers/');
    await page.getByRole('checkbox', { name: 'Select Member Read Ltd' }).check();
    const selection = page.getByRole('region', { name: 'Selection' });
    await expect(selection).toContainText('Only an admin or the owner can change customers in bulk.');
    await expect(selection.getByRole('button', { name: /^(Add tag|Pause|Assign workflow)$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export selected (1)' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Import CSV' })).toBeDisabled();

    // An admin of the same organisation has the controls, and the API takes the change.
    const adminContext = await browser.newContext();
    const admin = await signUpWithOrganisation(adminContext.request, 'Admin Own Ltd');
    await addMember(owner.org.id, admin.email, 'admin');
    await setActiveOrganisation(adminContext.request, owner.org.id);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/workflows');
    await expect(adminPage.getByRole('heading', { level: 2, name: 'Standard chasing' })).toBeVisible();
    await expect(adminPage.getByRole('note')).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'New workflow' }).click();
    const created = adminPage.getByRole('dialog', { name: 'New workflow' });
    await created.getByLabel('Name').fill('Admin’s chasing');
    await created.getByRole('button', { name: 'Create' }).click();
    await expect(adminPage.getByRole('heading', { level: 2, name: 'Admin’s chasing' })).toBeVisible();
    await adminContext.close();

    // The member sees the admin's workflow, still without a way to change it.
    await page.goto('/workflows');
    await expect(page.getByRole('link', { name: /^Admin’s chasing/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New workflow' })).toHaveCount(0);
  });
});
