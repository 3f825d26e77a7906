import type { ChasingSettings, OrganisationProfile, OrganisationView } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { expectError, joinWithRole, okBody, recordingJobQueue, type SignedUpUser } from './support';

const jobs = recordingJobQueue();
const env = useIntegrationEnv({}, jobs);

const BERLIN = { name: 'Brandenburg Debt Works', default_currency: 'EUR', holiday_region: 'DE-BE', time_zone: 'Europe/Berlin' };

// A type alias, not an interface: drizzle's `execute` wants a row type with an index signature.
type AuditRow = {
  action: string;
  actor_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

async function auditOf(orgId: string): Promise<AuditRow[]> {
  const { rows } = await env.db.db.execute<AuditRow>(
    sql`select action, actor_id, before, after from audit_log where org_id = ${orgId} and entity = 'organisation' order by at`,
  );
  return rows;
}

/** The names the organisation switcher lists, from better-auth as the SPA asks it. */
async function switcherNames(user: SignedUpUser): Promise<string[]> {
  return okBody(await user.api.withToken(null)<{ name: string }[]>('GET', '/api/auth/organization/list')).map((o) => o.name);
}

describe('Settings → Organisation (decision 0028)', () => {
  it('a new organisation’s profile: its name, pounds, England’s bank holidays (its zone’s, decision 0046), London', async () => {
    const owner = await env.signUp();
    const res = await owner.api<OrganisationProfile>('GET', '/api/organisation/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: owner.orgId, name: (await switcherNames(owner))[0], default_currency: 'GBP', holiday_region: 'GB-ENG', time_zone: 'Europe/London' });
  });

  it('saves name, currency, holidays and zone: the switcher, the screens and the chasing calendar all read them, and the log says who changed what', async () => {
    const owner = await env.signUp();
    const admin = await joinWithRole(env.server, env.db.db, owner.orgId, 'admin');
    const oldName = (await switcherNames(owner))[0];
    jobs.sent.length = 0;
    const res = await admin.api<OrganisationProfile>('PUT', '/api/organisation/profile', { ...BERLIN, default_currency: 'eur', name: `  ${BERLIN.name} ` });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: owner.orgId, ...BERLIN });
    expect((await owner.api<OrganisationProfile>('GET', '/api/organisation/profile')).body).toEqual(res.body);
    expect(await switcherNames(owner)).toEqual([BERLIN.name]);
    expect((await owner.api<OrganisationView>('GET', '/api/organisation/')).body).toMatchObject({ time_zone: 'Europe/Berlin', default_currency: 'EUR' });
    expect((await owner.api<ChasingSettings>('GET', '/api/settings/chasing')).body).toMatchObject({ time_zone: 'Europe/Berlin', holiday_region: 'DE-BE' });
    // The send calendar moved: every customer's plan is reconciled by the organisation's pass.
    expect(jobs.sent).toContainEqual(expect.objectContaining({ name: 'chasing.schedule', data: { orgId: owner.orgId } }));

    expect(await auditOf(owner.orgId)).toEqual([
      {
        action: 'organisation.update',
        actor_id: admin.userId,
        before: { name: oldName, default_currency: 'GBP', holiday_region: 'GB-ENG', time_zone: 'Europe/London' },
        after: { name: BERLIN.name, default_currency: 'EUR', holiday_region: 'DE-BE', time_zone: 'Europe/Berlin' },
      },
    ]);
    // Saving the same again changes nothing and logs nothing.
    expect((await admin.api('PUT', '/api/organisation/profile', BERLIN)).status).toBe(200);
    expect(await auditOf(owner.orgId)).toHaveLength(1);
  });

  it('changes only the caller’s organisation', async () => {
    const owner = await env.signUp();
    const other = await env.signUp();
    const before = (await other.api<OrganisationProfile>('GET', '/api/organisation/profile')).body;
    expect((await owner.api('PUT', '/api/organisation/profile', BERLIN)).status).toBe(200);
    expect((await other.api<OrganisationProfile>('GET', '/api/organisation/profile')).body).toEqual(before);
  });

  it.each([
    [{ default_currency: 'ABC' }, 'default_currency'],
    [{ default_currency: 'EURO' }, 'default_currency'],
    [{ default_currency: null }, 'default_currency'],
    [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    [{ holiday_region: 'XX-NOPE' }, 'holiday_region'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ sending_mode: 'sending' }, 'sending_mode'],
  ])('answers 400 for %j, naming %s, and keeps the profile', async (over, field) => {
    const owner = await env.signUp();
    const before = (await owner.api<OrganisationProfile>('GET', '/api/organisation/profile')).body;
    expectError(await owner.api('PUT', '/api/organisation/profile', { ...BERLIN, ...over }), 400, 'VALIDATION_FAILED', field);
    expect((await owner.api<OrganisationProfile>('GET', '/api/organisation/profile')).body).toEqual(before);
    expect(await auditOf(owner.orgId)).toEqual([]);
  });

  it('is refused to a member with 403 naming the role; any member may read it', async () => {
    const owner = await env.signUp();
    const member = await joinWithRole(env.server, env.db.db, owner.orgId, 'member');
    expectError(await member.api('PUT', '/api/organisation/profile', BERLIN), 403, 'FORBIDDEN', 'role');
    expect((await member.api<OrganisationProfile>('GET', '/api/organisation/profile')).body.default_currency).toBe('GBP');
  });
});
