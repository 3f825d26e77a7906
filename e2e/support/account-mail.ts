import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect } from '@playwright/test';
import { type ReadMail, type ReceivedMail, readMail } from '@receivables/server/testing';

/** An account email as the journeys' SMTP server received it (support/global-setup.ts), read. */
export interface AccountMailRead extends ReadMail {
  to: string[];
}

function accountMails(): AccountMailRead[] {
  const dir = process.env.E2E_ACCOUNT_MAIL_DIR;
  if (!dir) throw new Error('E2E_ACCOUNT_MAIL_DIR is not set: run the journeys through playwright.config.ts');
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail)
    .map((mail) => ({ ...readMail(mail.raw), to: mail.to }));
}

/** Every account email to `address` so far, oldest first. */
export function accountMailsTo(address: string): AccountMailRead[] {
  return accountMails().filter((mail) => mail.to.includes(address.toLowerCase()) || mail.to.includes(address));
}

/** The `count`th account email to `address` (1 = the first), once it has arrived. */
export async function waitForAccountMail(address: string, count = 1): Promise<AccountMailRead> {
  await expect.poll(() => accountMailsTo(address).length, { message: `account email ${count} to ${address}`, timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const mail = accountMailsTo(address)[count - 1];
  if (!mail) throw new Error(`no account email ${count} to ${address}`);
  return mail;
}

/** The first link in `mail`'s text whose path starts with `path` (e.g. '/reset-password'). */
export function linkIn(mail: AccountMailRead, path: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(path)) return url;
  }
  throw new Error(`no ${path} link in "${mail.subject}": ${mail.text}`);
}
