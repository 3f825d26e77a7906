import type { APIRequestContext } from '@playwright/test';
import { seedDemoBook, seedDemoHistory, seedDemoReplies } from '@receivables/server/testing';

import { e2eDatabase } from './data';
import { signUpWithOrganisation } from './fixtures';

/**
 * A new account whose organisation holds the demo's own book, history and replies, as `npm start`
 * seeds "Demo Trading Ltd" (server/src/seed/demo.ts): the same customers, tags, invoices, payments,
 * weeks of chasing and the replies waiting in the inbox, relative to now. Journeys that check the
 * product on the data a new user first sees start here; the signed-in user is the demo's person.
 */
export async function signUpWithDemoOrganisation(request: APIRequestContext): Promise<{ orgId: string; userId: string; name: string }> {
  const account = await signUpWithOrganisation(request, 'Demo Trading Ltd');
  const { db, pool } = e2eDatabase();
  const { rows } = await pool.query<{ id: string }>('select id from auth_user where email = $1', [account.email]);
  const userId = rows[0]?.id;
  if (!userId) throw new Error(`no user ${account.email}`);
  const now = new Date();
  await seedDemoBook(db, account.org.id, now);
  await seedDemoHistory(db, account.org.id, userId, now);
  await seedDemoReplies(db, account.org.id, now, userId);
  return { orgId: account.org.id, userId, name: account.name };
}
