import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { createAppAuth } from '../src/app-auth';
import { createAccountMailer } from '../src/auth/account-mail';

import { type EventSeen, readEvents } from './scheduling-helpers';
import { createTestDatabase, seedDemo, type TestDatabase, testConfig } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

const DAY_MS = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const daysOf = (instants: string[]) => new Set(instants.map((at) => at.slice(0, 10)));

describe('the demo organisation a first start seeds', () => {
  it('has three weeks of chasing history: emails planned, drafted, and superseded for several reasons', { timeout: 240_000 }, async () => {
    // As main.ts does on a first start, into an empty database, at the real clock: the book is
    // relative to today, so this is what a first-time user sees today.
    const config = testConfig();
    const auth = createAppAuth(tdb.db, config, createAccountMailer(config.mail, false, silent));
    const { orgId, userId } = await seedDemo({ db: tdb.db, auth, password: 'demo-password-for-a-test' });
    const now = new Date().toISOString();
    const events = await readEvents(tdb.db, orgId);
    const by = (status: EventSeen['status']) => events.filter((e) => e.status === status);

    // Planned: emails still to go, every one ahead of now.
    expect(by('pending').filter((e) => (e.scheduledFor ?? '') > now).length).toBeGreaterThan(0);
    // Drafts: what fell due was rendered and kept by the dry-run sender, on the days it fell due.
    const drafts = by('draft_success');
    expect(drafts.every((d) => d.html !== null && d.sentAt !== null && d.sentAt <= now)).toBe(true);
    expect(daysOf(drafts.map((d) => d.sentAt ?? '')).size).toBeGreaterThanOrEqual(5);
    // Superseded, each with its reason in its history: a debt paid, a standing changed, the key accounts
    // moved to their own workflow, steps already late recorded stale, and one cancelled by the demo user.
    const superseded = by('superseded');
    expect(superseded.every((e) => e.history.at(-1)?.status === 'superseded' && e.history.at(-1)?.reason === e.reason)).toBe(true);
    expect([...new Set(superseded.map((e) => e.reason))])
      .toEqual(expect.arrayContaining(['debt_paid', 'standing_changed', 'workflow_changed', 'stale', 'cancelled']));
    expect(superseded.filter((e) => e.reason === 'cancelled').map((e) => e.history.at(-1)?.actorId)).toEqual([userId]);

    // A history of weeks, not of one pass: something happened on at least 14 different days, the first three weeks ago.
    const changes = events.flatMap((e) => e.history.map((h) => h.at)).filter((at) => at <= now).sort();
    expect(daysOf(changes).size).toBeGreaterThanOrEqual(14);
    expect(Date.parse(now) - Date.parse(changes[0] ?? now)).toBeGreaterThan(20 * DAY_MS);
  });
});
