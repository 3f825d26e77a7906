import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';

import type { IntegrationEnv } from '../integration-env';
import { type ApiAnswer, apiClient, type ApiClient, insertMembership, joinWithRole, type SignedUpUser } from '../support';

import { checkAnswer, type Finding, sentValues } from './answer-checks';
import { fetchKeeps, rawRequest } from './raw-request';

/**
 * better-auth's endpoints that would change a team or an organisation by better-auth's rules (an
 * admin may invite or remove there) and with no audit entry: the product answers them 404 at
 * /api/auth, however the path is spelt (decision 0025; the list the auth plugin keeps as
 * TEAM_WRITES in server/src/plugins/auth.ts).
 */
export const FORBIDDEN_AUTH_ENDPOINTS = [
  'invite-member', 'cancel-invitation', 'remove-member', 'update-member-role', 'leave', 'update', 'delete', 'add-member',
  'create-role', 'update-role', 'delete-role', 'create-team', 'update-team', 'remove-team', 'add-team-member', 'remove-team-member', 'set-active-team',
] as const;
export type ForbiddenEndpoint = (typeof FORBIDDEN_AUTH_ENDPOINTS)[number];

/** One way to write an endpoint's path; `fast` ones run in `npm test` too. */
export interface Spelling {
  name: string;
  fast: boolean;
  path(endpoint: string): string;
}

const PREFIX = '/api/auth/organization';
const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** How a client could spell a path that means, to some parser on the way, the endpoint itself. */
export const SPELLINGS: readonly Spelling[] = [
  { name: 'as written', fast: true, path: (e) => `${PREFIX}/${e}` },
  { name: 'dot-dot segment (organization/../organization/)', fast: true, path: (e) => `${PREFIX}/../organization/${e}` },
  { name: 'encoded dot-dot (%2e%2e)', fast: true, path: (e) => `${PREFIX}/%2e%2e/organization/${e}` },
  { name: 'half-encoded dot-dot (.%2E)', fast: false, path: (e) => `${PREFIX}/.%2E/organization/${e}` },
  { name: 'dot-dot out of another endpoint (get-session/../)', fast: false, path: (e) => `/api/auth/get-session/../organization/${e}` },
  { name: 'dot segment (./)', fast: false, path: (e) => `${PREFIX}/./${e}` },
  { name: 'encoded dot segment (%2e/)', fast: false, path: (e) => `${PREFIX}/%2e/${e}` },
  { name: 'trailing dot segment (/.)', fast: false, path: (e) => `${PREFIX}/${e}/.` },
  { name: 'encoded slash (%2F)', fast: true, path: (e) => `${PREFIX}%2F${e}` },
  { name: 'double slashes', fast: false, path: (e) => `/api/auth//organization//${e}` },
  { name: 'trailing slash', fast: false, path: (e) => `${PREFIX}/${e}/` },
  { name: 'upper-case endpoint', fast: true, path: (e) => `${PREFIX}/${e.toUpperCase()}` },
  { name: 'upper-case prefix', fast: false, path: (e) => `/api/auth/ORGANIZATION/${e}` },
  { name: 'matrix parameter (;x=1)', fast: false, path: (e) => `${PREFIX}/${e};x=1` },
  { name: 'matrix parameter on the prefix (organization;x=1/)', fast: false, path: (e) => `${PREFIX};x=1/${e}` },
  { name: 'backslash', fast: true, path: (e) => `${PREFIX}\\${e}` },
  { name: 'encoded backslash (%5C)', fast: false, path: (e) => `${PREFIX}%5C${e}` },
  { name: 'first letter percent-encoded', fast: false, path: (e) => `${PREFIX}/${hex(e.charAt(0))}${e.slice(1)}` },
  { name: 'every letter percent-encoded', fast: false, path: (e) => `${PREFIX}/${Array.from(e, hex).join('')}` },
  { name: 'encoded NUL after (%00)', fast: false, path: (e) => `${PREFIX}/${e}%00` },
  { name: 'encoded space after (%20)', fast: false, path: (e) => `${PREFIX}/${e}%20` },
  { name: 'fragment (#x)', fast: false, path: (e) => `${PREFIX}/${e}#x` },
  { name: 'query string (?x=1)', fast: false, path: (e) => `${PREFIX}/${e}?x=1` },
  { name: 'overlong UTF-8 dots (%C0%AE%C0%AE)', fast: false, path: (e) => `${PREFIX}/%C0%AE%C0%AE/organization/${e}` },
];

/** Who tries the spellings: better-auth's routes take the session cookie, not the bearer token. */
export interface CookieCaller {
  role: 'admin' | 'member';
  user: SignedUpUser;
  client: ApiClient;
  cookie: string;
}

/** An organisation set up for the trials: a team, a member to change and one to remove, a pending invitation, someone outside. */
export interface SpellingStage {
  env: IntegrationEnv;
  orgId: string;
  orgName: string;
  callers: CookieCaller[];
  /** The member whose role update-member-role would change. */
  target: { memberId: string };
  /** The member remove-member would remove. */
  removable: SignedUpUser;
  /** Signed up, in no organisation of the stage: add-member would add them. */
  outsider: SignedUpUser;
  invitationId: string;
}

/** The session cookies a caller's sign-in and choice of organisation set, for requests the client cannot send. */
async function cookieCaller(env: IntegrationEnv, user: SignedUpUser, role: CookieCaller['role'], orgId: string): Promise<CookieCaller> {
  const client = apiClient(env.server);
  const jar = new Map<string, string>();
  const keep = (answer: ApiAnswer) => {
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  keep(await client('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }));
  keep(await client('POST', '/api/auth/organization/set-active', { organizationId: orgId }));
  return { role, user, client, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
}

export async function stageSpellings(env: IntegrationEnv): Promise<SpellingStage> {
  const db = env.db.db;
  const owner = await env.signUp();
  const [admin, member, target, removable, outsider] = await Promise.all([
    joinWithRole(env.server, db, owner.orgId, 'admin'),
    joinWithRole(env.server, db, owner.orgId, 'member'),
    joinWithRole(env.server, db, owner.orgId, 'member'),
    joinWithRole(env.server, db, owner.orgId, 'member'),
    env.signUp(),
  ]);
  const { rows: [targetRow] } = await db.execute<{ id: string }>(sql`select id::text as id from auth_member where organization_id = ${owner.orgId} and user_id = ${target.userId}`);
  const { rows: [invitation] } = await db.execute<{ id: string }>(sql`insert into auth_invitation (organization_id, email, role, status, expires_at, inviter_id)
    values (${owner.orgId}, ${`invited-${randomUUID()}@example.com`}, 'member', 'pending', now() + interval '7 days', ${owner.userId}) returning id::text as id`);
  const { rows: [org] } = await db.execute<{ name: string }>(sql`select name from auth_organization where id = ${owner.orgId}`);
  if (!targetRow || !invitation || !org) throw new Error('the spelling stage could not be set up');
  return {
    env,
    orgId: owner.orgId,
    orgName: org.name,
    callers: [await cookieCaller(env, admin, 'admin', owner.orgId), await cookieCaller(env, member, 'member', owner.orgId)],
    target: { memberId: targetRow.id },
    removable,
    outsider,
    invitationId: invitation.id,
  };
}

/** What one spelling of one endpoint did for one caller. */
export interface Trial {
  spelling: string;
  endpoint: ForbiddenEndpoint;
  role: CookieCaller['role'];
  path: string;
  /** Sent with the API client, or byte for byte (a spelling fetch would resolve first). */
  via: 'client' | 'raw';
  status: number;
  message: string;
  /** What it changed in the database, if it reached the endpoint and the endpoint acted: null if nothing. */
  changed: string | null;
  /** What the answer itself got wrong, as for any route: a 5xx, the shape, an echo. */
  findings: Finding[];
}

/** Whether a trial was refused as the product intends: not found or malformed, and nothing changed. */
export const isRefused = (trial: Trial): boolean => trial.changed === null && (trial.status === 404 || trial.status === 400);

type Send = (body: Record<string, unknown>) => Promise<ApiAnswer>;
type Probe = (stage: SpellingStage, caller: CookieCaller, send: Send) => Promise<{ answer: ApiAnswer; changed: string | null }>;

/** The first row a statement answers, as its owner (around row-level security), typed by its columns. */
async function one(stage: SpellingStage, query: ReturnType<typeof sql>): Promise<Record<string, string | null> | undefined> {
  const { rows } = await stage.env.db.db.execute<Record<string, string | null>>(query);
  return rows[0];
}

/**
 * For each endpoint: a body better-auth would act on, and what it would have changed, read from
 * the database (and put back, so the next trial starts from the same place). Endpoints of
 * features the app leaves off (roles, teams) have nothing to change: their answer alone says.
 */
const PROBES: Record<ForbiddenEndpoint, Probe> = {
  'invite-member': async (stage, _caller, send) => {
    const email = `spelling-${randomUUID()}@example.com`;
    const answer = await send({ email, role: 'member', organizationId: stage.orgId });
    const made = await one(stage, sql`delete from auth_invitation where email = ${email} returning id`);
    return { answer, changed: made ? `invited ${email}` : null };
  },
  'cancel-invitation': async (stage, _caller, send) => {
    const answer = await send({ invitationId: stage.invitationId });
    const row = await one(stage, sql`select status from auth_invitation where id = ${stage.invitationId}`);
    if (row?.status === 'pending') return { answer, changed: null };
    await stage.env.db.db.execute(sql`update auth_invitation set status = 'pending' where id = ${stage.invitationId}`);
    return { answer, changed: `set the invitation ${row?.status ?? 'gone'}` };
  },
  'remove-member': async (stage, _caller, send) => {
    const answer = await send({ memberIdOrEmail: stage.removable.email, organizationId: stage.orgId });
    const row = await one(stage, sql`select id from auth_member where organization_id = ${stage.orgId} and user_id = ${stage.removable.userId}`);
    if (row) return { answer, changed: null };
    await insertMembership(stage.env.db.db, stage.orgId, stage.removable.email, 'member');
    return { answer, changed: 'removed a member' };
  },
  'update-member-role': async (stage, _caller, send) => {
    const answer = await send({ memberId: stage.target.memberId, role: 'admin', organizationId: stage.orgId });
    const row = await one(stage, sql`select role from auth_member where id = ${stage.target.memberId}`);
    if (row?.role === 'member') return { answer, changed: null };
    await stage.env.db.db.execute(sql`update auth_member set role = 'member' where id = ${stage.target.memberId}`);
    return { answer, changed: `made a member ${row?.role ?? 'nothing'}` };
  },
  leave: async (stage, caller, send) => {
    const answer = await send({ organizationId: stage.orgId });
    const row = await one(stage, sql`select id from auth_member where organization_id = ${stage.orgId} and user_id = ${caller.user.userId}`);
    if (row) return { answer, changed: null };
    await insertMembership(stage.env.db.db, stage.orgId, caller.user.email, caller.role);
    return { answer, changed: `the ${caller.role} left` };
  },
  update: async (stage, _caller, send) => {
    const name = `Renamed ${randomUUID().slice(0, 8)}`;
    const answer = await send({ data: { name }, organizationId: stage.orgId });
    const row = await one(stage, sql`select name from auth_organization where id = ${stage.orgId}`);
    if (row?.name === stage.orgName) return { answer, changed: null };
    await stage.env.db.db.execute(sql`update auth_organization set name = ${stage.orgName} where id = ${stage.orgId}`);
    return { answer, changed: 'renamed the organisation' };
  },
  delete: async (stage, _caller, send) => {
    const answer = await send({ organizationId: stage.orgId });
    const row = await one(stage, sql`select id from auth_organization where id = ${stage.orgId}`);
    // Nothing to put back: the trials after this one would be meaningless, so they stop here.
    if (!row) throw new Error(`${answer.request} deleted the organisation (${answer.status}: ${answer.text.slice(0, 200)})`);
    return { answer, changed: null };
  },
  'add-member': async (stage, _caller, send) => {
    const answer = await send({ userId: stage.outsider.userId, role: 'member', organizationId: stage.orgId });
    const row = await one(stage, sql`delete from auth_member where organization_id = ${stage.orgId} and user_id = ${stage.outsider.userId} returning id`);
    return { answer, changed: row ? 'added a member' : null };
  },
  'create-role': async (stage, _caller, send) => ({ answer: await send({ role: 'spelling-role', permission: { member: ['create'] }, organizationId: stage.orgId }), changed: null }),
  'update-role': async (stage, _caller, send) => ({ answer: await send({ roleName: 'spelling-role', data: { permission: { member: ['create'] } }, organizationId: stage.orgId }), changed: null }),
  'delete-role': async (stage, _caller, send) => ({ answer: await send({ roleName: 'spelling-role', organizationId: stage.orgId }), changed: null }),
  'create-team': async (stage, _caller, send) => ({ answer: await send({ name: 'Spelling team', organizationId: stage.orgId }), changed: null }),
  'update-team': async (stage, _caller, send) => ({ answer: await send({ teamId: randomUUID(), data: { name: 'Spelling team' } }), changed: null }),
  'remove-team': async (stage, _caller, send) => ({ answer: await send({ teamId: randomUUID(), organizationId: stage.orgId }), changed: null }),
  'add-team-member': async (stage, _caller, send) => ({ answer: await send({ teamId: randomUUID(), userId: stage.outsider.userId }), changed: null }),
  'remove-team-member': async (stage, _caller, send) => ({ answer: await send({ teamId: randomUUID(), userId: stage.outsider.userId }), changed: null }),
  'set-active-team': async (_stage, _caller, send) => ({ answer: await send({ teamId: randomUUID() }), changed: null }),
};

/** Try one spelling of every forbidden endpoint as each caller, and say what each did. */
export async function trySpelling(stage: SpellingStage, spelling: Spelling): Promise<Trial[]> {
  const trials: Trial[] = [];
  for (const endpoint of FORBIDDEN_AUTH_ENDPOINTS) {
    const path = spelling.path(endpoint);
    const via = fetchKeeps(path) ? 'client' : 'raw';
    for (const caller of stage.callers) {
      let sent: Record<string, unknown> = {};
      const send = (body: Record<string, unknown>) => {
        sent = body;
        return via === 'client' ? caller.client('POST', path, body) : rawRequest(stage.env.server, 'POST', path, body, { cookie: caller.cookie });
      };
      const { answer, changed } = await PROBES[endpoint](stage, caller, send);
      const message = typeof answer.body === 'object' && answer.body !== null ? ((answer.body as { error?: { message?: string } }).error?.message ?? '') : '';
      const findings = checkAnswer(answer, `${caller.role}: POST ${path}`, sentValues({ params: [path], body: sent }));
      trials.push({ spelling: spelling.name, endpoint, role: caller.role, path, via, status: answer.status, message, changed, findings });
    }
  }
  return trials;
}
