import { expectNoAxeViolations } from '../support/axe';
import { addMember } from '../support/data';
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
    await page.goto('/settings?section=templates');
    await expect(page.getByRole('table', { name: 'Email templates' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Only an admin or the owner can change email templates.');
    await expect(page.getByRole('button', { name: /^(Generate|New template|Edit |Delete )/ })).toHaveCount(0);
    await page.goto('/settings?section=integrations');
    await expect(page.getByRole('note')).toContainText('Only an admin or the owner can connect or disconnect integrations.');
    await expect(page.getByRole('button', { name: 'Connect Stripe' })).toHaveCount(0);

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
