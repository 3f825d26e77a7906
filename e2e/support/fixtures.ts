import { randomUUID } from 'node:crypto';

import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** A signed-up person with one active organisation, signed in inside the test's browser context. */
export interface TestAccount {
  name: string;
  email: string;
  password: string;
  org: { id: string; name: string };
}

interface Fixtures {
  /** Fails the test on any console error the test did not declare with `expectConsoleErrors`. */
  consoleGuard: { expectConsoleErrors: (pattern: RegExp) => void };
  /** A fresh account with its own organisation, already signed in (session cookie in the context). */
  account: TestAccount;
}

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global setup)');
  return url;
};

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(baseUrl()),
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use({ expectConsoleErrors: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((p) => p.test(text)));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  account: async ({ page }, use) => {
    const account = await signUpWithOrganisation(page.request, `Org ${randomUUID().slice(0, 8)}`);
    await use(account);
  },
});

export { expect };

/** Sign up a new user through better-auth and create + activate an organisation for them. */
export async function signUpWithOrganisation(request: APIRequestContext, orgName: string): Promise<TestAccount> {
  const account = await signUp(request);
  const org = await createOrganisation(request, orgName);
  return { ...account, org };
}

/** Sign up a new user through better-auth, signed in and in no organisation yet. */
export async function signUp(request: APIRequestContext): Promise<Omit<TestAccount, 'org'>> {
  const id = randomUUID().slice(0, 8);
  const account = { name: `Tester ${id}`, email: `tester-${id}@example.com`, password: `pw-${randomUUID()}` };
  await authPost(request, '/api/auth/sign-up/email', { name: account.name, email: account.email, password: account.password });
  // A sign-up starts no session (it answers alike for a taken address): sign in, as the SPA does.
  await authPost(request, '/api/auth/sign-in/email', { email: account.email, password: account.password });
  return account;
}

/** Create an organisation for the signed-in user and make it the active one. */
export async function createOrganisation(request: APIRequestContext, name: string): Promise<{ id: string; name: string }> {
  const created = await authPost(request, '/api/auth/organization/create', {
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 6)}`,
  });
  const org = created as { id: string; name: string };
  await setActiveOrganisation(request, org.id);
  return { id: org.id, name: org.name };
}

/** Make `organizationId` the signed-in user's active organisation. */
export async function setActiveOrganisation(request: APIRequestContext, organizationId: string): Promise<void> {
  await authPost(request, '/api/auth/organization/set-active', { organizationId });
}

async function authPost(request: APIRequestContext, path: string, data: object): Promise<unknown> {
  const res = await request.post(path, { data, headers: { Origin: baseUrl() } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/** Read the visible text of each cell of a table's body rows. */
export async function tableRows(page: Page, tableName: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name: tableName }).locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td, th')).map((cell) => cell.textContent.trim())),
  );
}
