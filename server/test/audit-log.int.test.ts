import {
  type AuditEntry,
  type AuditFacets,
  auditFacetsSchema,
  type AuditListResponse,
  auditListResponseSchema,
  type DkimKey,
  type InboundSecret,
  type Workflow,
} from '@receivables/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orgMailSettings } from '../src/db/schema';
import { recordAudit } from '../src/org/record-audit';

import { uploaded } from './import-helpers';
import { useIntegrationEnv } from './integration-env';
import { expectError, insertCustomer, insertInvoices, isoDay, joinWithRole, okBody, signUpWithOrg, type SignedUpUser, withOrg } from './support';

const env = useIntegrationEnv();
const PASSWORD = 'Mail pass: 9#Zq!';

let jo: SignedUpUser;
let customerId: string;
/** Every secret the writes below handled: none may appear in the log, its API or its export. */
const secrets: string[] = [PASSWORD];

const list = async (user: SignedUpUser, query = '') => {
  const res = await user.api<AuditListResponse>('GET', `/api/audit/${query}`);
  expect(res.status, res.text).toBe(200);
  return auditListResponseSchema.parse(res.body);
};
const entry = (rows: AuditEntry[], action: string): AuditEntry => {
  const found = rows.find((r) => r.action === action);
  if (!found) throw new Error(`no ${action} entry among ${rows.map((r) => r.action).join(', ')}`);
  return found;
};

beforeAll(async () => {
  jo = await signUpWithOrg(env.server, { name: 'Jo Bloggs' });
  customerId = (await insertCustomer(env.db.db, jo.orgId, { name: 'Acme Ltd' })).id;
  const api = jo.api;
  okBody(await api('PUT', `/api/customers/${customerId}/`, { name: 'Acme Trading Ltd' }));
  const workflow = okBody(await api<Workflow>('POST', '/api/workflows/', { name: 'Gentle' }));
  okBody(await api('PUT', '/api/workflows/', { id: workflow.id, name: 'Gentle chasing' }));
  okBody(await api('PUT', '/api/settings/email/mail-server', { source: 'organisation', host: 'smtp.acme.test', port: 587, security: 'starttls', username: 'mailer', password: PASSWORD }));
  okBody(await api<DkimKey>('POST', '/api/settings/email/dkim', { domain: 'acme.test', selector: 'rcv1' }));
  secrets.push(okBody(await api<InboundSecret>('POST', '/api/settings/email/inbound-secret')).secret);
  okBody(await api('PUT', '/api/settings/email/sending-mode', { sending_mode: 'disabled' }));
  const [sealed] = await env.db.db.select().from(orgMailSettings).where(eq(orgMailSettings.orgId, jo.orgId));
  secrets.push(sealed?.dkimPrivateKeySealed ?? 'no DKIM key was sealed', sealed?.smtpPasswordSealed ?? 'no password was sealed');
});

describe('GET /api/audit/', () => {
  it('records who did what to which thing, before and after, newest first', async () => {
    const { rows, total } = await list(jo);
    expect(total).toBe(rows.length);
    expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort().reverse());
    const rename = entry(rows, 'customer.update');
    expect(rename).toMatchObject({
      actor: { id: jo.userId, name: 'Jo Bloggs', email: jo.email },
      entity: 'customer',
      entity_id: customerId,
      customer: { id: customerId, name: 'Acme Trading Ltd' },
      before: { name: 'Acme Ltd' },
      after: { name: 'Acme Trading Ltd' },
      description: 'renamed “Acme Ltd” to Acme Trading Ltd',
    });
    expect(entry(rows, 'workflow.update')).toMatchObject({ before: { name: 'Gentle' }, after: { name: 'Gentle chasing' }, customer: null });
    expect(entry(rows, 'settings.email.sending_mode.update')).toMatchObject({
      before: { sending_mode: 'dryrun' },
      after: { sending_mode: 'disabled' },
      description: 'changed the sending mode from Dry run to Disabled',
    });
    expect(entry(rows, 'settings.email.dkim.create')).toMatchObject({ after: { domain: 'acme.test', selector: 'rcv1' } });
  });

  it('keeps that a password was set, never the password, and no other secret anywhere', async () => {
    const { rows } = await list(jo);
    expect(entry(rows, 'settings.email.mail_server.update')).toMatchObject({
      before: { host: null, password: null },
      after: { host: 'smtp.acme.test', username: 'mailer', password: '[redacted]' },
    });
    const stored = JSON.stringify(await env.db.db.select().from(auditLog).where(eq(auditLog.orgId, jo.orgId)));
    const answered = JSON.stringify(rows);
    const exported = (await jo.api('GET', '/api/audit/export.csv')).text;
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(answered).not.toContain(secret);
      expect(exported).not.toContain(secret);
    }
    expect(`${stored}${answered}${exported}`).not.toMatch(/PRIVATE KEY/);
  });

  it('redacts a secret whichever write hands one to the log', async () => {
    const org = await env.signUp();
    await withOrg(env.db.db, org.orgId, (tx) =>
      recordAudit(tx, { orgId: org.orgId, actorId: null }, {
        action: 'settings.test.secret',
        entity: 'org_settings',
        entityId: org.orgId,
        customerId: null,
        before: { api_key: 'sk_live_abc' },
        after: { api_key: 'sk_live_def', relay: 'smtp://mailer:hunter2@smtp.acme.test' },
      }),
    );
    const [row] = (await list(org)).rows;
    expect(row).toMatchObject({ actor: null, before: { api_key: '[redacted]' }, after: { api_key: '[redacted]', relay: 'smtp://mailer:[redacted]@smtp.acme.test' } });
    expect(JSON.stringify(row)).not.toMatch(/sk_live|hunter2/);
  });

  it('filters by person, action or family, entity, customer and days', async () => {
    const all = (await list(jo)).rows;
    const ids = (rows: AuditEntry[]) => rows.map((r) => r.id);
    expect(ids((await list(jo, `?actor_id=${jo.userId}`)).rows)).toEqual(ids(all.filter((r) => r.actor?.id === jo.userId)));
    expect((await list(jo, '?actor_id=system')).rows.every((r) => r.actor === null)).toBe(true);
    const settings = await list(jo, '?action=settings.email.');
    expect(settings.rows.map((r) => r.action).sort()).toEqual(
      ['settings.email.dkim.create', 'settings.email.inbound.secret', 'settings.email.mail_server.update', 'settings.email.sending_mode.update'],
    );
    expect((await list(jo, '?action=workflow.update')).rows.map((r) => r.action)).toEqual(['workflow.update']);
    expect((await list(jo, '?entity=org_mail_settings')).total).toBe(2);
    expect(ids((await list(jo, `?customer_id=${customerId}`)).rows)).toEqual([entry(all, 'customer.update').id]);
    expect((await list(jo, '?from=2020-01-01&to=2020-12-31')).total).toBe(0);
    expect((await list(jo, `?from=${isoDay(0)}&to=${isoDay(0)}`)).total).toBe(all.length);
  });

  it('pages by cursor without losing or repeating an entry, even among entries of one instant', async () => {
    const org = await env.signUp();
    const customers = await Promise.all([1, 2, 3, 4, 5].map((n) => insertCustomer(env.db.db, org.orgId, { name: `Bulk ${n}` })));
    // One bulk action: five entries of the same transaction, so of the same instant.
    okBody(await org.api('POST', '/api/customers/bulk', { customer_ids: customers.map((c) => c.id), action: { type: 'add_tag', tag: { name: 'VIP' } } }));
    const whole = await list(org, '?limit=500');
    const seen: string[] = [];
    let page = await list(org, '?limit=2');
    for (;;) {
      expect(page.total).toBe(whole.total);
      seen.push(...page.rows.map((r) => r.id));
      if (!page.next_cursor) break;
      page = await list(org, `?limit=2&cursor=${page.next_cursor}`);
    }
    expect(seen).toEqual(whole.rows.map((r) => r.id));
    expect(whole.rows.filter((r) => r.action === 'customer.tags')).toHaveLength(5);
    expect(entry(whole.rows, 'customer.tags').description).toMatch(/^changed the tags of Bulk \d: added VIP$/);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    const cases: [string, string][] = [
      ['actor_id=someone', 'actor_id'],
      ['action=Customer%20update', 'action'],
      ['entity=no%20such', 'entity'],
      ['customer_id=42', 'customer_id'],
      ['from=2026-13-01', 'from'],
      ['to=1899-12-31', 'to'],
      ['from=2026-02-01&to=2026-01-01', 'to'],
      ['cursor=not-a-cursor', 'cursor'],
      ['limit=0', 'limit'],
    ];
    for (const [query, field] of cases) expectError(await jo.api('GET', `/api/audit/?${query}`), 400, 'VALIDATION_FAILED', field);
    expectError(await jo.api('GET', '/api/audit/export.csv?from=yesterday'), 400, 'VALIDATION_FAILED', 'from');
  });

  it('never shows another organisation’s entries, whatever the filter names', async () => {
    const other = await env.signUp();
    okBody(await other.api('PUT', '/api/settings/email/sending-mode', { sending_mode: 'disabled' }));
    const mine = await list(jo, '?limit=500');
    expect(mine.rows.some((r) => r.actor?.id === other.userId)).toBe(false);
    expect((await list(jo, `?actor_id=${other.userId}`)).total).toBe(0);
    expect((await list(other, `?customer_id=${customerId}`)).total).toBe(0);
    expect((await list(other)).rows.map((r) => r.action)).toEqual(['settings.email.sending_mode.update']);
    const theirs = (await other.api('GET', '/api/audit/export.csv')).text;
    expect(theirs).not.toContain('Acme');
  });

  it('any member may read it, with the people and families its filters offer', async () => {
    const member = await joinWithRole(env.server, env.db.db, jo.orgId, 'member');
    expect((await list(member)).total).toBeGreaterThan(0);
    const res = await member.api<AuditFacets>('GET', '/api/audit/facets');
    const facets = auditFacetsSchema.parse(res.body);
    expect(facets.actors).toEqual([{ id: jo.userId, name: 'Jo Bloggs', email: jo.email }]);
    expect(facets.action_families).toEqual(expect.arrayContaining([{ prefix: 'customer.', label: 'Customers' }, { prefix: 'settings.', label: 'Settings' }]));
  });
});

describe('writes recorded', () => {
  it('records a new tag, a payment against an invoice and a discarded upload, each with its words', async () => {
    const sam = await signUpWithOrg(env.server, { name: 'Sam Ledger' });
    const customer = await insertCustomer(env.db.db, sam.orgId, { name: 'Birch Ltd', currency: 'GBP' });
    const [invoice] = await insertInvoices(env.db.db, sam.orgId, customer.id, [{ number: 'INV-7', amountDue: 12_000, currency: 'GBP', dueDate: isoDay(-10) }]);
    okBody(await sam.api('POST', '/api/tags', { name: 'Slow payer' }));
    okBody(await sam.api('POST', '/api/payments/', { customer_id: customer.id, invoice_id: invoice?.id, amount: 5_000, currency: 'GBP' }));
    const upload = await uploaded(sam.api, 'customer_name,invoice_number,amount,due_date\nBirch Ltd,INV-8,10.00,2026-11-01\n', 'book.csv');
    expect((await sam.api('DELETE', `/api/imports/${upload.id}/`)).status).toBe(204);

    const { rows } = await list(sam);
    expect(entry(rows, 'tag.create').description).toBe('created the tag “Slow payer”');
    const payment = entry(rows, 'payment.create');
    expect(payment.description).toBe('recorded a payment of £50.00 against invoice “INV-7” from Birch Ltd');
    expect(payment.after).toMatchObject({ amount: 5_000, currency: 'GBP', invoice_number: 'INV-7' });
    expect(payment.customer).toEqual({ id: customer.id, name: 'Birch Ltd' });
    expect(payment.actor?.name).toBe('Sam Ledger');
    expect(entry(rows, 'import.discard').description).toBe('discarded the upload “book.csv”');
  });
});

describe('/api/docs', () => {
  it('documents the audit routes with their filters', async () => {
    type Spec = { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    const spec = (await jo.api<Spec>('GET', '/api/docs/json')).body;
    expect(Object.keys(spec.paths).filter((p) => p.startsWith('/api/audit')).sort()).toEqual(['/api/audit/', '/api/audit/export.csv', '/api/audit/facets']);
    expect(spec.paths['/api/audit/']?.get?.parameters?.map((p) => p.name).sort()).toEqual(
      ['action', 'actor_id', 'cursor', 'customer_id', 'entity', 'from', 'limit', 'to'],
    );
  });
});

describe('GET /api/audit/export.csv', () => {
  it('downloads the filtered entries as CSV, newest first, safe to open in a spreadsheet', async () => {
    okBody(await jo.api('PUT', `/api/customers/${customerId}/`, { name: '=HYPERLINK("http://evil.test")' }));
    const res = await jo.api('GET', `/api/audit/export.csv?customer_id=${customerId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFTime (UTC),Person,Email,What happened,Action,Entity,Entity ID,Customer,Customer ID,Before,After');
    expect(lines).toHaveLength(4);
    // The newest first; the customer's new name cannot run as a formula.
    expect(lines[1]).toContain(`Jo Bloggs,${jo.email},"renamed “Acme Trading Ltd” to =HYPERLINK(""http://evil.test"")",`);
    expect(lines[1]).toContain(`,customer.update,customer,${customerId},"'=HYPERLINK(""http://evil.test"")",${customerId},`);
    expect(lines[2]).toContain('renamed');
  });
});
