// The server's log keeps no secret an account link carries (decision 0026): a person who clicks a
// password reset, an address confirmation or an invitation leaves a request line in the log, and
// whoever reads the log must not be able to follow that link after them.
import type { SentInvitation } from '@receivables/contracts';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { apiClient, createTestDatabase, okBody, readMail, signUpWithOrg, type SmtpSink, startSmtpSink, startTestServer, type TestDatabase, type TestServer } from './support';

let sink: SmtpSink;
let db: TestDatabase;
let server: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  sink = await startSmtpSink();
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  server = await startTestServer(
    db.db,
    { LOG_LEVEL: 'info', AUTH_RATE_LIMIT_MAX: '1000', ACCOUNT_SMTP_URL: `smtp://${sink.host}:${sink.port}?security=none` },
    undefined,
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await server.close();
  await db.drop();
  await sink.close();
});

/** The links in the emails to `address` whose subject matches, once they have arrived. */
async function linksTo(address: string, subject: RegExp): Promise<URL[]> {
  const read = () => sink.messages.filter((m) => m.to.includes(address)).map((m) => readMail(m.raw)).filter((m) => subject.test(m.subject));
  await expect.poll(() => read().length, { timeout: 10_000 }).toBeGreaterThan(0);
  return read().flatMap((m) => [...m.text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0])));
}

/** Open a link as a browser would, against this server (the links name PUBLIC_URL). */
const click = (link: URL) => apiClient(server)('GET', `${link.pathname}${link.search}`);

describe('the request log after account links are clicked', () => {
  it('has a line for each click, and none of the tokens or invitation ids the links carry', async () => {
    const owner = await signUpWithOrg(server);
    const secrets: string[] = [];
    const clicked: URL[] = [];

    // An address confirmation: better-auth's verify-email link with its token.
    const [confirm] = (await linksTo(owner.email, /confirm/i)).filter((u) => u.pathname.includes('verify-email'));
    if (!confirm) throw new Error('no confirmation link');
    secrets.push(confirm.searchParams.get('token') ?? '');
    clicked.push(confirm);

    // A password reset: the SPA's page with the token.
    okBody(await apiClient(server)('POST', '/api/auth/request-password-reset', { email: owner.email, redirectTo: `${server.origin}/reset-password` }));
    const [reset] = (await linksTo(owner.email, /reset/i)).filter((u) => u.pathname.startsWith('/reset-password'));
    if (!reset) throw new Error('no reset link');
    secrets.push(reset.searchParams.get('token') ?? '');
    clicked.push(reset);

    // An invitation: the SPA's accept page and the lookup it makes, each with the id and the token.
    const sent = okBody(await owner.api<SentInvitation>('POST', '/api/team/invitations', { email: `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`, role: 'member' }));
    const invitation = new URL(sent.link);
    secrets.push(sent.invitation.id, invitation.searchParams.get('token') ?? '');
    clicked.push(invitation, new URL(`/api/invitations/${sent.invitation.id}${invitation.search}`, server.baseUrl));

    for (const link of clicked) await click(link);
    expect(secrets.every((s) => s.length >= 16)).toBe(true);
    const log = lines.join('\n');
    for (const link of clicked) expect(log, link.pathname).toContain(`"url":"${link.pathname.split('/').slice(0, 2).join('/')}`);
    expect(log).toContain('[redacted]');
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
  });
});
