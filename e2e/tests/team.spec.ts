import { randomUUID } from 'node:crypto';

import { linkIn, waitForAccountMail } from '../support/account-mail';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { PHONE_WIDTH, saveScreenshot, SCHEMES, setWidth, settle } from '../support/layout';

/**
 * The team (decision 0025): the owner invites by email, the invitee signs up through the link and
 * lands in the organisation with the role; the owner changes it and removes them. A withdrawn
 * invitation says so.
 */
test.describe('Team', () => {
  test('the owner invites by email, the invitee joins with the role, the owner changes the role and removes them', async ({ page, account, browser }) => {
    test.setTimeout(120_000);
    const invitee = `casey-${randomUUID().slice(0, 8)}@journeys.example`;
    await page.goto('/settings/team');
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem', { name: account.name })).toContainText('You');
    await expect(page.getByText('No invitations waiting. Invite someone to share the chasing.')).toBeVisible();
    // The only owner cannot leave, and is told why before trying.
    await expect(page.getByRole('button', { name: 'Leave' })).toBeDisabled();

    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('must be an email address such as accounts@example.co.uk')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee);
    await dialog.getByRole('radio', { name: /^Admin/ }).check();
    await saveScreenshot(page, 'team-invite-1280-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const sent = page.getByRole('dialog', { name: 'Invitation sent' });
    await expect(sent.getByRole('alert')).toContainText(`The invitation went to ${invitee}`);
    await sent.getByRole('button', { name: 'Done' }).click();
    const invitations = page.getByRole('list', { name: 'Invitations' });
    await expect(invitations.getByRole('listitem', { name: invitee })).toContainText('Waiting');
    await expect(invitations.getByRole('listitem', { name: invitee })).toContainText('Admin · link works until');

    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(page, width);
        await settle(page, 'Settings → Team', scheme, width);
        await saveScreenshot(page, `team-owner-${width}-${scheme}`);
      }
      await expectNoAxeViolations(page, 'Settings → Team', scheme);
    }
    await setWidth(page, 1280);
    await page.emulateMedia({ colorScheme: 'light' });

    // The invitation email, through the instance's mail server; its link opens the accept page.
    const mail = await waitForAccountMail(invitee);
    expect(mail.subject).toBe(`${account.name} invited you to ${account.org.name} on Receivables`);
    const link = linkIn(mail, '/invitations/');
    const caseyContext = await browser.newContext();
    const casey = await caseyContext.newPage();
    await casey.goto(link.pathname + link.search);
    await expect(casey.getByRole('heading', { name: `Join ${account.org.name}` })).toBeVisible();
    await expect(casey.getByText(`${account.name} invited ${invitee} to join as an admin.`)).toBeVisible();
    for (const scheme of SCHEMES) {
      await casey.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, PHONE_WIDTH]) {
        await setWidth(casey, width);
        await settle(casey, 'the invitation page', scheme, width);
        await saveScreenshot(casey, `invitation-${width}-${scheme}`);
      }
      await expectNoAxeViolations(casey, 'the invitation page', scheme);
    }
    await casey.getByRole('link', { name: 'Create your account' }).click();
    await casey.getByLabel('Name').fill('Casey Controller');
    await casey.getByLabel('Email').fill(invitee);
    await casey.getByLabel('Password', { exact: true }).fill(`pw-${randomUUID()}`);
    await casey.getByRole('button', { name: 'Create account' }).click();
    await casey.getByRole('button', { name: `Join ${account.org.name}` }).click();
    await expect(casey).toHaveURL(/\/home$/);
    await expect(casey.getByRole('button', { name: `${account.org.name}, switch organisation` })).toBeVisible();
    await casey.goto('/settings/team');
    await expect(casey.getByRole('note')).toContainText('Only the owner can manage the team.');
    await expect(casey.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Casey Controller' })).toContainText('Admin');
    await expect(casey.getByRole('button', { name: 'Invite someone' })).toHaveCount(0);

    // The owner sees Casey join, makes them a member, then removes them.
    await page.reload();
    const caseyRow = page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Casey Controller' });
    await expect(caseyRow).toContainText(invitee);
    await expect(page.getByText('No invitations waiting. Invite someone to share the chasing.')).toBeVisible();
    await caseyRow.getByRole('combobox', { name: 'Role Casey Controller' }).click();
    await page.getByRole('option', { name: 'Member' }).click();
    await expect(page.getByText('Casey Controller is now a member')).toBeVisible();
    await casey.goto('/workflows');
    await expect(casey.getByRole('note')).toContainText('Only an admin or the owner can change workflows.');

    await caseyRow.getByRole('button', { name: 'Remove Casey Controller' }).click();
    const removing = page.getByRole('dialog', { name: 'Remove Casey Controller?' });
    await removing.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Casey Controller removed from the organisation')).toBeVisible();
    await expect(caseyRow).toHaveCount(0);
    await caseyContext.close();
  });

  test('a withdrawn invitation’s link says so, and an unknown one says it does not work', async ({ page, account, consoleGuard }) => {
    // Signed in as the owner of their own organisation.
    expect(account.org.name).toMatch(/^Org /);
    const invitee = `withdrawn-${randomUUID().slice(0, 8)}@journeys.example`;
    await page.goto('/settings/team');
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('dialog', { name: 'Invitation sent' }).getByRole('button', { name: 'Done' }).click();
    const link = linkIn(await waitForAccountMail(invitee), '/invitations/');
    await page.getByRole('listitem', { name: invitee }).getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText(`Invitation to ${invitee} withdrawn`)).toBeVisible();

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { name: 'This invitation was withdrawn' })).toBeVisible();
    // The browser logs the lookup's refusal itself: 404 for a wrong token, 400 for none.
    consoleGuard.expectConsoleErrors(/40[04] \((Not Found|Bad Request)\)/);
    await page.goto(`/invitations/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'This invitation link does not work' })).toBeVisible();
  });
});
