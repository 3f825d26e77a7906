import type { Page } from '@playwright/test';
import type { CustomerListResponse } from '@receivables/contracts';

import { apiGet } from '../support/api';
import { signUpWithDemoOrganisation } from '../support/demo-organisation';
import { expect, test } from '../support/fixtures';
import { SCHEMES } from '../support/layout';
import { SANDBOX_PROBE } from '../support/sandboxed-frames';
import { Tour } from '../support/tour';

/**
 * Every signed-in screen on the demo organisation's own data (issue 30): its tags, chips, standings,
 * replies and weeks of chasing, as a new user first sees them after `npm start` — not the tour's
 * hand-made rows. Each stop is looked at 1280 and 390 wide and checked by axe, light and dark
 * (docs/decisions/0016-accessibility-checks.md); pictures are saved as e2e/screenshots/demo-*.
 */
test.describe.configure({ mode: 'parallel' });

for (const scheme of SCHEMES) {
  test.describe(`the demo's screens, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test(`every screen with the demo's data in ${scheme}: axe finds nothing serious`, async ({ page, consoleGuard }) => {
      test.setTimeout(480_000);
      consoleGuard.expectConsoleErrors(SANDBOX_PROBE);
      await signUpWithDemoOrganisation(page.request);
      const tour = new Tour(page, scheme);

      await tour.visit('/home', 'demo home', { shot: 'demo-home', heading: 'To do' });
      await tour.visit('/customers/', 'demo customers', { shot: 'demo-customers', heading: 'Customers', axe: 'both' });
      // A customer with tags, and one whose chasing stopped: chips of every kind on one page each.
      const tagged = await firstCustomer(page, 'tag_names');
      await tour.visit(`/customers/${tagged.id}`, 'demo customer with tags', { shot: 'demo-customer', heading: tagged.name });
      const stopped = await firstCustomer(page, 'chase_stopped');
      await tour.visit(`/customers/${stopped.id}`, 'demo customer whose chasing stopped', { heading: stopped.name });
      await tour.visit('/customers/?stopped=workflow_finished', 'demo customers, chasing stopped', { heading: 'Customers' });

      for (const tab of ['outbox', 'inbox', 'all'] as const) {
        await tour.visit(`/emails/?tab=${tab}`, `demo activity ${tab}`, { shot: `demo-activity-${tab}`, heading: 'Activity', axe: 'both' });
      }
      // A planned email, and a reply with its triage.
      const rows = page.getByRole('table', { name: 'Emails' }).locator('tbody tr');
      await page.goto('/emails/?tab=outbox');
      await rows.first().getByRole('link').first().click();
      await tour.look('demo planned email', { shot: 'demo-email' });
      await page.goto('/emails/?tab=inbox');
      await rows.first().getByRole('link').first().click();
      await tour.look('demo reply', { shot: 'demo-reply' });

      await tour.visit('/workflows', 'demo workflows', { shot: 'demo-workflows', heading: 'Workflows' });
      // Settings whose content is the demo's own (its audit log, its team); the rest read alike in
      // every organisation and are the tour's (tour.spec.ts).
      for (const [path, what] of [
        ['/settings/audit', 'audit'],
        ['/settings/team', 'team'],
      ] as const) {
        await tour.visit(path, `demo settings ${what}`, { shot: `demo-settings-${what}` });
      }
    });
  });
}

/** The first customer (largest debt first) for which the list's `field` is set: a tag, a stopped chase. */
async function firstCustomer(page: Page, field: 'tag_names' | 'chase_stopped'): Promise<{ id: string; name: string }> {
  const list = await apiGet<CustomerListResponse>(page.request, '/api/customers/?sort_field=amount_overdue&sort_order=desc&limit=100');
  const found = list.rows.find((c) => (field === 'tag_names' ? c.tags.length > 1 : c.chase_stopped !== null));
  expect(found, `a demo customer with ${field}`).toBeDefined();
  return { id: found?.id ?? '', name: found?.name ?? '' };
}
